import { defineConfig } from "vitest/config";
import { E2E_SERVERS } from "./tests/e2e/servers.ts";

/**
 * Browser tests: Playwright drives Debian's Chromium against the built app served by workerd. The global setup starts
 * one server (port, database, state) per worker, so files run side by side without sharing mutable data; a file still
 * runs its own tests one after another.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    maxWorkers: E2E_SERVERS,
    fileParallelism: E2E_SERVERS > 1,
    // Each worker runs its files one after another in the same process: a fresh process per file cost ~2.7 s of
    // start-up and imports each (30 files). The helpers keep no state a file could leave to the next one (each file
    // launches and closes its own browser).
    isolate: false,
    // A browser journey (log in, several pages, a PDF, a refund) waits on conditions, never sleeps; this is only a
    // cap, generous enough for a busy 2-core machine (30 s was reached there by the orders and favourites journeys).
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // expect.poll waits on a condition the page or the database reaches late on a busy machine (a render, a queue's
    // delivery): Vitest's default cap of 1 s failed several journeys there, on either setup; this one is a cap too.
    expect: { poll: { timeout: 15_000 } },
  },
});
