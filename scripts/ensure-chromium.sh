#!/usr/bin/env bash
# Makes sure the browser tests have their Chromium (npm test runs this first): Debian's headless shell
# /usr/bin/chromium-headless-shell (the old headless mode, about a third less CPU per browser test than the full
# browser's headless mode on a 2-core machine) for most files, and Debian's full browser /usr/bin/chromium for the
# few that need it (web push: tests/e2e/browser.ts says why), or CHROMIUM_PATH for both. Installs what is missing
# with apt-get when this user may (root); without the headless shell, the full browser serves every file, more
# slowly; with no browser at all, it stops at once with the command to run.
# `--check`: only says whether a browser is there or can be installed (exit 0), or stops with the command (exit 1),
# so `npm test` fails at once and installs what is missing beside the unit tests (scripts/test.sh).
set -uo pipefail

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  if [ "${1:-}" = "--check" ]; then exit 0; fi
  echo "Installing Debian's ${missing[*]} for the browser tests..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; then
    exit 0
  fi
  echo "Could not install ${missing[*]}." >&2
  if [ -x /usr/bin/chromium ]; then exit 0; fi
  exit 1
fi

if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "The browser tests need Debian's Chromium (or set CHROMIUM_PATH). Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell" >&2
exit 1
