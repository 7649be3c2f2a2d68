#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium (npm test runs this first): CHROMIUM_PATH, or Debian's headless shell
# /usr/bin/chromium-headless-shell (the old headless mode, about a third less CPU per browser test than the full
# browser's headless mode on a 2-core machine), installed with apt-get when it is missing and this user may (root).
# Where it cannot be installed, Debian's full browser (/usr/bin/chromium) serves, more slowly; with neither, it stops
# at once with the command to run. The Lighthouse bench always uses the full browser.
# `--check`: only says whether a browser is there or can be installed (exit 0), or stops with the command (exit 1),
# so `npm test` fails at once and installs it beside the unit tests (scripts/test.sh).
set -uo pipefail

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if [ -x /usr/bin/chromium-headless-shell ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  if [ "${1:-}" = "--check" ]; then exit 0; fi
  echo "Chromium's headless shell is missing: installing Debian's chromium-headless-shell for the browser tests..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; then
    exit 0
  fi
  if [ -x /usr/bin/chromium ]; then
    echo "Could not install chromium-headless-shell: the browser tests use /usr/bin/chromium instead." >&2
    exit 0
  fi
  echo "Could not install chromium-headless-shell." >&2
  exit 1
fi

if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "The browser tests need Chromium's headless shell at /usr/bin/chromium-headless-shell (or set CHROMIUM_PATH)." >&2
echo "Install it with:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell" >&2
exit 1
