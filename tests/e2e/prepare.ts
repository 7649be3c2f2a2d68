/**
 * `tsx tests/e2e/prepare.ts`: the browser tests' build (mode "e2e") and seeded database, made ahead of
 * `vitest run --config vitest.e2e.config.ts` so `npm test` can do it beside the unit tests (scripts/test.sh);
 * the browser tests then start from them when run with E2E_PREPARED=1.
 */
import { prepareE2E } from "./global-setup";

prepareE2E();
