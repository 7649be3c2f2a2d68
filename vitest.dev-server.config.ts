import { defineConfig } from "vitest/config";

/**
 * The dev server's own test (tests/dev-server/): `react-router dev` started on a copy of the browser tests' seeded
 * database. Apart from the browser tests so `npm test` can run it beside the unit tests, on the core the linter, the
 * type check and the browser tests' build leave free (scripts/test.sh).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "dev-server",
    include: ["tests/dev-server/**/*.test.ts"],
    environment: "node",
    testTimeout: 90_000,
    hookTimeout: 360_000,
  },
});
