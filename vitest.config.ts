import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";

// No internet here: do not let miniflare fetch the Request.cf object from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/**
 * Unit and integration tests.
 * - "workers": runs inside workerd with the real bindings (local D1 migrated per test file, R2),
 *   and can call the whole app through `exports.default.fetch`.
 * - "node": code that runs in Node (seed generator, scripts).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      projects: [
        {
          plugins: [
            reactRouter(),
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.jsonc" },
              miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
            }),
          ],
          resolve: { tsconfigPaths: true },
          test: {
            name: "workers",
            include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
            setupFiles: ["./tests/setup/apply-migrations.ts"],
            testTimeout: 30_000,
          },
        },
        {
          resolve: { tsconfigPaths: true },
          test: {
            name: "node",
            environment: "node",
            testTimeout: 60_000,
            include: ["db/**/*.test.ts", "scripts/**/*.test.ts"],
          },
        },
      ],
    },
  };
});
