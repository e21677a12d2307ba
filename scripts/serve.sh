#!/usr/bin/env bash
# Set everything up, build the site in every language and serve it on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/rulebook serve "$@"
