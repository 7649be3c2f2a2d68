#!/usr/bin/env bash
# npm test: every check CI runs, in the order that keeps a 2-core machine busy.
#   1. Whether the browser tests' Chromium is there or can be installed (scripts/ensure-chromium.sh --check), then the
#      generated types (Worker bindings, routes).
#   2. Side by side: the unit and integration tests (Vitest: workerd and Node projects, one workerd, mostly one core)
#      and, on the other core, Chromium's install when it is missing (network and disk more than CPU), the linter, knip,
#      the deploy dry run (both production Workers packed, the page Worker's upload limit), tsc, the browser tests'
#      build and seeded database, and the dev server's own test on a copy of that database. The second group's
#      output is printed when both are done, so the two never interleave.
#   3. The browser tests (Chromium against the built app), from what step 2 prepared.
# Exits non-zero on any failure; a failure in step 2 skips step 3.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh --check || exit 1
npx wrangler types >/dev/null && npx react-router typegen || exit 1

checks_log=$(mktemp)
(
  set -e
  bash scripts/ensure-chromium.sh
  echo "== lint"
  npm run lint
  echo "== knip (unused files, exports and dependencies; knip.jsonc)"
  npx knip --no-progress --no-config-hints
  echo "== deploy dry run"
  npm run deploy -- --dry-run
  # After the unit tests' start: their Vite server regenerates .react-router/types (removes, then writes) as it starts.
  echo "== tsc"
  npx tsc
  echo "== browser tests' build and database"
  npx tsx tests/e2e/prepare.ts
  echo "== the dev server's refusals (tests/dev-server/, on a copy of that database)"
  npm run test:dev-server
) >"$checks_log" 2>&1 &
checks=$!

npm run test:unit
unit=$?
wait "$checks"
checked=$?
cat "$checks_log"
rm -f "$checks_log"

if [ "$checked" -ne 0 ]; then echo "npm test: the type check, lint, deploy dry run or browser tests' build failed (above)" >&2; fi
if [ "$unit" -ne 0 ]; then echo "npm test: unit or integration tests failed" >&2; fi
if [ "$unit" -ne 0 ] || [ "$checked" -ne 0 ]; then exit 1; fi

E2E_PREPARED=1 npm run test:e2e
