#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium (npm test runs this first). Uses CHROMIUM_PATH or Debian's
# /usr/bin/chromium; installs Debian's package when it is missing and this user may (root with apt-get),
# else stops at once with the command to run.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium for the browser tests..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi

echo "The browser tests need Chromium at /usr/bin/chromium (or set CHROMIUM_PATH). Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium" >&2
exit 1
