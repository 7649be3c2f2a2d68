import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import {
  type DeployConfig,
  type DocumentsDeployConfig,
  deployProblems,
  documentsProblems,
  PAGE_UPLOAD_LIMIT_KIB,
  REQUIRED_IDS,
  REQUIRED_SECRETS,
  totalUploadKiB,
  uploadProblems,
} from "./deploy-checks";

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
    expect(deployProblems(real, [...REQUIRED_SECRETS, ...REQUIRED_IDS])).toEqual([]);
    const ids = { ...real, vars: { ...real.vars, TWITCH_CLIENT_ID: "abc123", TWITCH_BOT_USER_ID: "987654" } };
    expect(deployProblems(ids, REQUIRED_SECRETS)).toEqual([]);
  });

  it("refuse the chat stand-ins, and a deploy without the chat queues' secrets and ids", () => {
    const config = productionConfig();
    const standIns = { ...config, vars: { ...config.vars, TWITCH_PROVIDER: "stand-in", DISCORD_PROVIDER: undefined } };
    expect(deployProblems(standIns)).toEqual([
      'TWITCH_PROVIDER must be "http" (the chat stand-in is for development)',
      'DISCORD_PROVIDER must be "http" (the chat stand-in is for development)',
    ]);
    const real = {
      ...config,
      d1_databases: config.d1_databases?.map((d) => ({ ...d, database_id: "5c1a9d7e-0000-4000-8000-000000000001" })),
    };
    const chat = ["TWITCH_EVENTSUB_SECRET", "DISCORD_PUBLIC_KEY"];
    expect(
      deployProblems(
        real,
        REQUIRED_SECRETS.filter((name) => !chat.includes(name)),
      ),
    ).toEqual([
      "the secret TWITCH_EVENTSUB_SECRET is not set: npx wrangler secret put TWITCH_EVENTSUB_SECRET --env production",
      "the secret DISCORD_PUBLIC_KEY is not set: npx wrangler secret put DISCORD_PUBLIC_KEY --env production",
      "TWITCH_CLIENT_ID is not set: put it in [env.production.vars] or npx wrangler secret put TWITCH_CLIENT_ID",
      "TWITCH_BOT_USER_ID is not set: put it in [env.production.vars] or npx wrangler secret put TWITCH_BOT_USER_ID",
    ]);
  });

  it("refuse a stand-in switched on, a missing origin, dev endpoints, a secret as a var and missing bindings", () => {
    const config = productionConfig();
    const bad: DeployConfig = {
      ...config,
      vars: {
        ...config.vars,
        STRIPE_STAND_IN: "on",
        OAUTH_STAND_IN: "on",
        TURNSTILE_STAND_IN: "on",
        TURNSTILE_SITEKEY: "1x00000000000000000000AA",
        PUBLIC_ORIGIN: "",
        EXCHANGE_RATES_URL: "/dev/exchange-rates/v6/latest/USD",
        STRIPE_SECRET_KEY: "sk_live_oops",
      },
      queues: { producers: config.queues?.producers?.filter((p) => p.binding !== "JOBS"), consumers: [] },
      observability: { enabled: false },
      services: [],
    };
    expect(deployProblems(bad)).toEqual([
      'STRIPE_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      'OAUTH_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      'TURNSTILE_STAND_IN is "on": a stand-in never ships to production; set it "off"',
      "TURNSTILE_SITEKEY is one of Cloudflare's Turnstile test keys: set the site's own with `wrangler secret put`",
      "PUBLIC_ORIGIN must be the site's https origin (every link uses it)",
      "EXCHANGE_RATES_URL must be an https URL in production (a path points at a development stand-in)",
      "STRIPE_SECRET_KEY is a var: set it with `wrangler secret put` instead",
      "the noobrd-fanout queue has no consumer",
      "the JOBS queue producer is missing",
      'the DOCUMENTS binding must name the service "noobrd-documents" (the invoice and statement Worker)',
      "Workers Logs are off: set [env.production.observability] enabled = true",
    ]);
    expect(
      deployProblems({ ...config, services: [{ binding: "DOCUMENTS", service: "noobrd-documents-staging" }] }),
    ).toEqual(['the DOCUMENTS binding must name the service "noobrd-documents" (the invoice and statement Worker)']);
    expect(deployProblems({ ...config, observability: { enabled: true, logs: { enabled: false } } })).toEqual([
      "Workers Logs are off: set [env.production.observability] enabled = true",
    ]);
  });

  it("online, refuse missing secrets and the placeholder database id", () => {
    const chat = ["TWITCH_CLIENT_SECRET", "TWITCH_EVENTSUB_SECRET", "DISCORD_BOT_TOKEN", "DISCORD_APPLICATION_ID"];
    expect(
      deployProblems(productionConfig(), ["SESSION_SECRET", ...chat, "DISCORD_PUBLIC_KEY", ...REQUIRED_IDS]),
    ).toEqual([
      "the secret EMAIL_API_KEY is not set: npx wrangler secret put EMAIL_API_KEY --env production",
      "the secret STRIPE_SECRET_KEY is not set: npx wrangler secret put STRIPE_SECRET_KEY --env production",
      "the secret STRIPE_WEBHOOK_SECRET is not set: npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production",
      "the secret VAPID_PUBLIC_KEY is not set: npx wrangler secret put VAPID_PUBLIC_KEY --env production",
      "the secret VAPID_PRIVATE_KEY is not set: npx wrangler secret put VAPID_PRIVATE_KEY --env production",
      "the secret TURNSTILE_SITEKEY is not set: npx wrangler secret put TURNSTILE_SITEKEY --env production",
      "the secret TURNSTILE_SECRET_KEY is not set: npx wrangler secret put TURNSTILE_SECRET_KEY --env production",
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

describe("the documents Worker's deploy checks", () => {
  const documentsConfig = () =>
    JSON.parse(
      JSON.stringify(unstable_readConfig({ config: "workers/documents/wrangler.toml", env: "production" })),
    ) as DocumentsDeployConfig;

  it("pass the repository's workers/documents/wrangler.toml [env.production]", () => {
    expect(documentsProblems(documentsConfig())).toEqual([]);
  });

  it("refuse another name, no nodejs_compat, a public workers.dev address and logs off", () => {
    expect(
      documentsProblems({
        ...documentsConfig(),
        name: "documents",
        compatibility_flags: [],
        workers_dev: true,
        observability: { enabled: false },
      }),
    ).toEqual([
      'the documents Worker must be named "noobrd-documents" in workers/documents/wrangler.toml [env.production]',
      "the documents Worker needs the nodejs_compat flag (exceljs) in workers/documents/wrangler.toml [env.production]",
      "the documents Worker must set workers_dev = false in workers/documents/wrangler.toml [env.production]",
      "the documents Worker's Workers Logs are off: set observability enabled in workers/documents/wrangler.toml [env.production]",
    ]);
  });
});

describe("the page Worker's upload limit", () => {
  it("reads the dry run's total upload", () => {
    expect(totalUploadKiB("Attaching additional modules:\nTotal Upload: 3556.58 KiB / gzip: 688.81 KiB\n")).toBe(
      3556.58,
    );
    expect(totalUploadKiB("Total Upload: 7,183.82 KiB / gzip: 1,566.65 KiB")).toBe(7183.82);
    expect(totalUploadKiB("--dry-run: exiting now.")).toBeNull();
  });

  it("passes under the limit and refuses at or over it, or without a size", () => {
    expect(uploadProblems(PAGE_UPLOAD_LIMIT_KIB - 0.01)).toEqual([]);
    expect(uploadProblems(PAGE_UPLOAD_LIMIT_KIB)).toEqual([
      `the page Worker uploads ${PAGE_UPLOAD_LIMIT_KIB} KiB, at or over the ${PAGE_UPLOAD_LIMIT_KIB} KiB limit: move heavy, rarely used code behind a Worker of its own (workers/documents/)`,
    ]);
    expect(uploadProblems(7183.82)).toHaveLength(1);
    expect(uploadProblems(null)).toEqual(["the dry run printed no upload size for the page Worker"]);
  });
});
