#!/usr/bin/env bash
# Set everything up, then run the whole test suite: lint, types, content checks, tests.
# This is what CI runs (.ci/run). Any failing step fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --browser
export PATH="$PWD/.venv/bin:$PATH"
# Python writes and reads its bytecode as on a user's machine: a shell that sets
# PYTHONDONTWRITEBYTECODE would have every test worker and every `rulebook` the tests start
# compile the project afresh (a quarter of a worker's collection, and most of a short
# command's time).
unset PYTHONDONTWRITEBYTECODE

step() { echo; echo "== $*"; }

step "ruff (lint and format)"
ruff check .
ruff format --check .

step "mypy (strict)"
mypy

step "JavaScript types (TypeScript checkJs)"
tsc=tools/typecheck/node_modules/.bin/tsc
"$tsc" --noEmit -p tools/typecheck/tsconfig.json
"$tsc" --noEmit -p tools/typecheck/tsconfig.sw.json

step "content"
rulebook validate
rulebook schema --check

step "translations (every catalog complete, every check passing)"
rulebook i18n check --complete

step "pytest"
# Exit code 5 (no test collected) is a failure too: a suite that runs nothing proves nothing.
pytest
