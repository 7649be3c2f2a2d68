import { defineConfig } from "vitest/config";

/** Node-side tests (schema constraints on SQLite, seed generator and SQL renderer). */
export default defineConfig({
  test: {
    environment: "node",
    include: ["db/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
