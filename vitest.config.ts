import { resolve } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { runnerImport } from "vite";
import { defineConfig } from "vitest/config";
import { createStripeStandIn } from "./app/platform/stand-ins/stripe/stand-in.ts";
import { DOCUMENTS_TEST_BUNDLE } from "./tests/setup/documents-worker.ts";

// No internet here: do not let miniflare fetch the Request.cf object from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

/**
 * Unit and integration tests.
 * - "workers": runs inside workerd with the real bindings (local D1 emptied and migrated per test file, R2),
 *   and can call the whole app through `exports.default.fetch`.
 * - "node": code that runs in Node (seed generator, scripts).
 */
/**
 * In the workerd tests Discord and Google live on their own origin, as in production: the Worker's
 * outbound fetches to it are served in Node by the same stand-in the dev server mounts in the Worker
 * (a fetch to the app's own origin would not reach the app inside vitest-pool-workers).
 */
const OAUTH_STAND_IN_ORIGIN = "http://oauth.stand-in.test";
const OAUTH_TEST_BINDINGS = {
  OAUTH_DISCORD_CLIENT_ID: "noobrd-test-discord",
  OAUTH_DISCORD_CLIENT_SECRET: "test-discord-secret",
  OAUTH_DISCORD_AUTHORIZE_URL: `${OAUTH_STAND_IN_ORIGIN}/discord/authorize`,
  OAUTH_DISCORD_TOKEN_URL: `${OAUTH_STAND_IN_ORIGIN}/discord/token`,
  OAUTH_DISCORD_USERINFO_URL: `${OAUTH_STAND_IN_ORIGIN}/discord/users/@me`,
  OAUTH_GOOGLE_CLIENT_ID: "noobrd-test-google",
  OAUTH_GOOGLE_CLIENT_SECRET: "test-google-secret",
  OAUTH_GOOGLE_AUTHORIZE_URL: `${OAUTH_STAND_IN_ORIGIN}/google/authorize`,
  OAUTH_GOOGLE_TOKEN_URL: `${OAUTH_STAND_IN_ORIGIN}/google/token`,
  OAUTH_GOOGLE_USERINFO_URL: `${OAUTH_STAND_IN_ORIGIN}/google/userinfo`,
  OAUTH_TWITCH_CLIENT_ID: "noobrd-test-twitch",
  OAUTH_TWITCH_CLIENT_SECRET: "test-twitch-secret",
  OAUTH_TWITCH_AUTHORIZE_URL: `${OAUTH_STAND_IN_ORIGIN}/twitch/authorize`,
  OAUTH_TWITCH_TOKEN_URL: `${OAUTH_STAND_IN_ORIGIN}/twitch/token`,
  OAUTH_TWITCH_USERINFO_URL: `${OAUTH_STAND_IN_ORIGIN}/twitch/helix/users`,
};
/**
 * The OAuth stand-in imports app code through the `~/` alias, which the loading of this file does not resolve:
 * Vite's module runner loads it, with the tsconfig's paths.
 */
async function oauthStandIn() {
  const { module } = await runnerImport<typeof import("./app/platform/stand-ins/oauth/provider.ts")>(
    "./app/platform/stand-ins/oauth/provider.ts",
    { configFile: false, logLevel: "error", resolve: { tsconfigPaths: true } },
  );
  return module.createStandInProvider({
    basePath: "",
    clients: {
      discord: {
        clientId: OAUTH_TEST_BINDINGS.OAUTH_DISCORD_CLIENT_ID,
        clientSecret: OAUTH_TEST_BINDINGS.OAUTH_DISCORD_CLIENT_SECRET,
      },
      google: {
        clientId: OAUTH_TEST_BINDINGS.OAUTH_GOOGLE_CLIENT_ID,
        clientSecret: OAUTH_TEST_BINDINGS.OAUTH_GOOGLE_CLIENT_SECRET,
      },
      twitch: {
        clientId: OAUTH_TEST_BINDINGS.OAUTH_TWITCH_CLIENT_ID,
        clientSecret: OAUTH_TEST_BINDINGS.OAUTH_TWITCH_CLIENT_SECRET,
      },
    },
  });
}

/**
 * Stripe, likewise, on its own origin: the SDK in the Worker is pointed at it by STRIPE_API_URL (host, port,
 * protocol). Its webhooks are not pushed (Node cannot reach the Worker under test): tests pull the signed
 * deliveries from its /__control endpoints and post them to /api/stripe, duplicated and shuffled at will.
 */
const STRIPE_STAND_IN_ORIGIN = "http://stripe.stand-in.test";
const STRIPE_TEST_BINDINGS = {
  STRIPE_API_URL: STRIPE_STAND_IN_ORIGIN,
  STRIPE_SECRET_KEY: "sk_test_workerd",
  STRIPE_WEBHOOK_SECRET: "whsec_workerd_test",
  STRIPE_STAND_IN_ORIGIN,
};
const stripeStandIn = createStripeStandIn({ basePath: "", webhookSecret: STRIPE_TEST_BINDINGS.STRIPE_WEBHOOK_SECRET });

/** The Worker's outbound fetches: the OAuth and Stripe stand-ins' origins answered here, the rest sent on. */
function outbound(oauth: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const origin = new URL(request.url).origin;
    if (origin === OAUTH_STAND_IN_ORIGIN) return oauth(request);
    if (origin === STRIPE_STAND_IN_ORIGIN) return stripeStandIn(request);
    return fetch(request);
  };
}

/**
 * The documents Worker (workers/documents/) runs beside the Worker under test, reached over its DOCUMENTS service
 * binding as in production. An auxiliary Worker here is plain JavaScript: tests/setup/documents-worker.ts bundles it
 * there before the files run.
 */
const DOCUMENTS_SCRIPT = resolve(DOCUMENTS_TEST_BUNDLE, "index.js");

export default defineConfig(async () => {
  const [migrations, oauth] = await Promise.all([readD1Migrations("migrations"), oauthStandIn()]);
  return {
    test: {
      projects: [
        {
          plugins: [
            reactRouter(),
            cloudflareTest({
              main: "./workers/app.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // The edge cache is off here (tests write through factories, not the app's versioned writes);
                // tests/integration/edge-cache.test.ts switches it on for the requests it makes.
                bindings: {
                  EDGE_CACHE: "off",
                  TEST_MIGRATIONS: migrations,
                  OAUTH_STAND_IN_ORIGIN,
                  ...OAUTH_TEST_BINDINGS,
                  ...STRIPE_TEST_BINDINGS,
                },
                outboundService: outbound(oauth),
                workers: [
                  {
                    name: "noobrd-documents",
                    modules: true,
                    scriptPath: DOCUMENTS_SCRIPT,
                    compatibilityDate: "2026-10-15",
                    compatibilityFlags: ["nodejs_compat"],
                  },
                ],
              },
            }),
          ],
          resolve: { tsconfigPaths: true },
          test: {
            name: "workers",
            // One workerd runs the files one after another (a fresh one per file cost ~3 s of start-up and a full
            // transform each: 755 s against ~90 s); tests/setup/apply-migrations.ts gives each file a fresh database.
            isolate: false,
            include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
            globalSetup: ["./tests/setup/documents-worker.ts"],
            setupFiles: [
              "./workers/composition.ts",
              "./workers/dev-composition.ts",
              "./tests/setup/apply-migrations.ts",
            ],
            testTimeout: 30_000,
          },
        },
        {
          resolve: { tsconfigPaths: true },
          test: {
            name: "node",
            environment: "node",
            testTimeout: 60_000,
            include: ["db/**/*.test.ts", "scripts/**/*.test.ts", "tests/architecture/**/*.test.ts"],
          },
        },
      ],
    },
  };
});
