import { defineConfig } from "vitest/config";

/** Browser tests: Playwright drives Debian's Chromium against the built app served by workerd. */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    fileParallelism: false,
    // A browser journey (log in, several pages, a PDF, a refund) waits on conditions, never sleeps; this is only a
    // cap, generous enough for a busy 2-core machine (30 s was reached there by the orders and favourites journeys).
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});
