import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { type DeployConfig, deployProblems, REQUIRED_SECRETS } from "./deploy-checks";

/** The production environment as wrangler reads it from wrangler.toml (what the build flattens and deploys). */
function productionConfig(): DeployConfig {
  return JSON.parse(
    JSON.stringify(unstable_readConfig({ config: "wrangler.toml", env: "production" })),
  ) as DeployConfig;
}

describe("the production deploy checks", () => {
  it("pass the repository's [env.production] offline, and online with every secret and a real database id", () => {
    const config = productionConfig();
    expect(deployProblems(config)).toEqual([]);
    const real = {
      ...config,
      d1_databases: config.d1_databases?.map((d) => ({ ...d, database_id: "5c1a9d7e-0000-4000-8000-000000000001" })),
    };
    expect(deployProblems(real, REQUIRED_SECRETS)).toEqual([]);
  });

  it("refuse a stand-in switched on, a missing origin, dev endpoints, a secret as a var and missing bindings", () => {
    const config = productionConfig();
    const bad: DeployConfig = {
      ...config,
      vars: {
        ...config.vars,
        STRIPE_STAND_IN: "on",
        OAUTH_STAND_IN: "on",
        PUBLIC_ORIGIN: "",
        EXCHANGE_RATES_URL: "/dev/exchange-rates/v6/latest/USD",
        STRIPE_SECRET_KEY: "sk_live_oops",
      },
      queues: { producers: config.queues?.producers?.filter((p) => p.binding !== "JOBS"), consumers: [] },
      observability: { enabled: false },
    };
    expect(deployProblems(bad)).toEqual([
      'STRIPE_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      'OAUTH_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      "PUBLIC_ORIGIN must be the site's https origin (every link uses it)",
      "EXCHANGE_RATES_URL must be an https URL in production (a path points at a development stand-in)",
      "STRIPE_SECRET_KEY is a var: set it with `wrangler secret put` instead",
      "the noobrd-fanout queue has no consumer",
      "the JOBS queue producer is missing",
      "Workers Logs are off: set [env.production.observability] enabled = true",
    ]);
    expect(deployProblems({ ...config, observability: { enabled: true, logs: { enabled: false } } })).toEqual([
      "Workers Logs are off: set [env.production.observability] enabled = true",
    ]);
  });

  it("online, refuse missing secrets and the placeholder database id", () => {
    expect(deployProblems(productionConfig(), ["SESSION_SECRET"])).toEqual([
      "the secret EMAIL_API_KEY is not set: npx wrangler secret put EMAIL_API_KEY --env production",
      "the secret STRIPE_SECRET_KEY is not set: npx wrangler secret put STRIPE_SECRET_KEY --env production",
      "the secret STRIPE_WEBHOOK_SECRET is not set: npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production",
      "the secret VAPID_PUBLIC_KEY is not set: npx wrangler secret put VAPID_PUBLIC_KEY --env production",
      "the secret VAPID_PRIVATE_KEY is not set: npx wrangler secret put VAPID_PRIVATE_KEY --env production",
      "database_id of DB is the placeholder: put the id `npx wrangler d1 create noobrd` printed",
    ]);
  });

  it("the development config is not deployable as production", () => {
    const development = JSON.parse(JSON.stringify(unstable_readConfig({ config: "wrangler.toml" }))) as DeployConfig;
    expect(deployProblems(development)).toEqual(
      expect.arrayContaining([
        'APP_ENV must be "production" in [env.production.vars]',
        'STRIPE_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      ]),
    );
  });
});
