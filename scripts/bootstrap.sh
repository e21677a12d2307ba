#!/usr/bin/env bash
# Set up everything the project needs on a fresh machine that has only Python 3.11+:
# a virtual environment with the pinned packages and, with --browser, Node.js and
# Chromium from Debian's packages for the JavaScript and browser tests.
# Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    *) echo "usage: scripts/bootstrap.sh [--browser]" >&2; exit 2 ;;
  esac
done

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv with $($python --version)"
  "$python" -m venv .venv
fi

# Reinstall only when pyproject.toml changed since the last install.
stamp=.venv/.rulebook-installed
digest=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$digest" ]; then
  echo "bootstrap: installing pinned packages"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
  echo "$digest" > "$stamp"
fi

apt_install() {
  # Debian's packages, as root (CI and the developers' machines) or through sudo.
  local runner=""
  if [ "$(id -u)" -ne 0 ]; then runner="sudo"; fi
  if [ ! -f /tmp/.rulebook-apt-updated ]; then
    $runner apt-get update -qq && touch /tmp/.rulebook-apt-updated
  fi
  DEBIAN_FRONTEND=noninteractive $runner apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ "$want_browser" = 1 ]; then
  command -v node >/dev/null 2>&1 || { echo "bootstrap: installing nodejs"; apt_install nodejs; }
  command -v chromium >/dev/null 2>&1 || { echo "bootstrap: installing chromium"; apt_install chromium; }
  # msgfmt --check-format proves the catalogs compile (rulebook i18n check, the test suite).
  command -v msgfmt >/dev/null 2>&1 || { echo "bootstrap: installing gettext"; apt_install gettext; }
  # TypeScript, pinned by tools/typecheck/package-lock.json, checks the calculator's JSDoc types.
  command -v npm >/dev/null 2>&1 || { echo "bootstrap: installing npm"; apt_install npm; }
  ts_stamp=tools/typecheck/node_modules/.rulebook-installed
  ts_digest=$(sha256sum tools/typecheck/package-lock.json | cut -d' ' -f1)
  if [ ! -f "$ts_stamp" ] || [ "$(cat "$ts_stamp")" != "$ts_digest" ]; then
    echo "bootstrap: installing TypeScript"
    npm ci --prefix tools/typecheck --no-audit --no-fund --loglevel=error >/dev/null
    echo "$ts_digest" > "$ts_stamp"
  fi
fi
