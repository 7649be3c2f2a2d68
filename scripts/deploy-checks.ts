/**
 * What a production deploy must be (README, "Deploying to Cloudflare"), checked on the configuration that would
 * deploy: the built build/server/wrangler.json of `CLOUDFLARE_ENV=production`. Each problem is a sentence naming what
 * to change; none means the deploy may go on. Pure, so tests/architecture-free unit tests can feed it any config.
 */
export type DeployConfig = {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string }[];
  r2_buckets?: { binding: string }[];
  durable_objects?: { bindings?: { name: string }[] };
  queues?: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] };
  triggers?: { crons?: string[] };
  observability?: { enabled?: boolean; logs?: { enabled?: boolean } };
  services?: { binding: string; service: string; entrypoint?: string }[];
};

/** The documents Worker's config as built (build/documents/wrangler.json). */
export type DocumentsDeployConfig = {
  name?: string;
  compatibility_flags?: string[];
  workers_dev?: boolean;
  observability?: { enabled?: boolean; logs?: { enabled?: boolean } };
};

/** The Worker that draws the invoice PDF and the payout statement (workers/documents/), bound as DOCUMENTS. */
export const DOCUMENTS_WORKER = "noobrd-documents";
/**
 * The page Worker's upload must stay under this (KiB, as `wrangler deploy` counts it): a smaller upload is a smaller
 * isolate to load and a smaller live heap to collect (docs/decisions/025-documents-worker.md).
 */
export const PAGE_UPLOAD_LIMIT_KIB = 4000;

/** Secrets a production Worker cannot run without (`npx wrangler secret put NAME --env production`). */
export const REQUIRED_SECRETS = [
  "SESSION_SECRET",
  "EMAIL_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "VAPID_PUBLIC_KEY",
  "VAPID_PRIVATE_KEY",
  // Cloudflare Turnstile's keys (docs/decisions/031-turnstile.md): the site key is public, but kept with its secret
  // out of the repository's config, so a deploy without the site's own pair is refused.
  "TURNSTILE_SITEKEY",
  "TURNSTILE_SECRET_KEY",
  // The chat queues (docs/deploying.md): Twitch's app secret and EventSub signing secret, Discord's bot token,
  // application id and public key (without it every interaction is refused).
  "TWITCH_CLIENT_SECRET",
  "TWITCH_EVENTSUB_SECRET",
  "DISCORD_BOT_TOKEN",
  "DISCORD_APPLICATION_ID",
  "DISCORD_PUBLIC_KEY",
];
/** Ids the chat queues need, public enough to be vars ([env.production.vars]) or kept as secrets. */
export const REQUIRED_IDS = ["TWITCH_CLIENT_ID", "TWITCH_BOT_USER_ID"];
/** Cloudflare's Turnstile test keys (always pass, block, fail or spent): for the stand-in, never in production. */
const TURNSTILE_TEST_KEY = /^[123]x0{20,}A[AB]$/;
/** Names that are secrets: a var of that name would ship its value in the config. */
const SECRET_NAMES = /SECRET|_KEY$|PASSWORD|TOKEN/;
const PLACEHOLDER_DATABASE_ID = "00000000-0000-0000-0000-000000000000";
const URL_VARS = [
  "EMAIL_API_URL",
  "EXCHANGE_RATES_URL",
  "EXCHANGE_RATES_FALLBACK_URL",
  "VIDEO_DETAILS_URL",
  "OAUTH_DISCORD_AUTHORIZE_URL",
  "OAUTH_DISCORD_TOKEN_URL",
  "OAUTH_DISCORD_USERINFO_URL",
  "OAUTH_GOOGLE_AUTHORIZE_URL",
  "OAUTH_GOOGLE_TOKEN_URL",
  "OAUTH_GOOGLE_USERINFO_URL",
];

const logsOff = (config: { observability?: DeployConfig["observability"] }) =>
  config.observability?.enabled !== true || config.observability.logs?.enabled === false;

const isHttps = (value: unknown) => {
  try {
    return typeof value === "string" && new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * The problems of a production config. `secrets` is the list `wrangler secret list` gave (online deploys); without it
 * (a dry run, offline) the secrets and the real database id are not checked.
 */
export function deployProblems(config: DeployConfig, secrets?: readonly string[]): string[] {
  const problems: string[] = [];
  const vars = config.vars ?? {};
  if (vars.APP_ENV !== "production") problems.push('APP_ENV must be "production" in [env.production.vars]');
  for (const standIn of ["STRIPE_STAND_IN", "OAUTH_STAND_IN", "TURNSTILE_STAND_IN"]) {
    if (vars[standIn] === "on") problems.push(`${standIn} is "on": a stand-in never ships to production; set it "off"`);
  }
  for (const name of ["TURNSTILE_SITEKEY", "TURNSTILE_SECRET_KEY"]) {
    if (typeof vars[name] === "string" && TURNSTILE_TEST_KEY.test(vars[name] as string)) {
      problems.push(
        `${name} is one of Cloudflare's Turnstile test keys: set the site's own with \`wrangler secret put\``,
      );
    }
  }
  if (!isHttps(vars.PUBLIC_ORIGIN)) problems.push("PUBLIC_ORIGIN must be the site's https origin (every link uses it)");
  if (vars.EMAIL_PROVIDER !== "http") problems.push('EMAIL_PROVIDER must be "http" (the outbox is for development)');
  if (!vars.EMAIL_FROM) problems.push("EMAIL_FROM must name the sender of the emails");
  if (vars.PUSH_PROVIDER !== "webpush")
    problems.push('PUSH_PROVIDER must be "webpush" (the stand-in is for development)');
  for (const name of ["TWITCH_PROVIDER", "DISCORD_PROVIDER"]) {
    if (vars[name] !== "http") problems.push(`${name} must be "http" (the chat stand-in is for development)`);
  }
  for (const name of URL_VARS) {
    if (vars[name] !== undefined && vars[name] !== "" && !isHttps(vars[name])) {
      problems.push(`${name} must be an https URL in production (a path points at a development stand-in)`);
    }
  }
  if (vars.STRIPE_API_URL) problems.push("STRIPE_API_URL must not be set in production (it points the SDK elsewhere)");
  for (const [name, value] of Object.entries(vars)) {
    if (SECRET_NAMES.test(name) && value)
      problems.push(`${name} is a var: set it with \`wrangler secret put\` instead`);
  }
  const has = (list: { binding?: string; name?: string }[] | undefined, name: string) =>
    (list ?? []).some((item) => (item.binding ?? item.name) === name);
  if (!has(config.d1_databases, "DB")) problems.push("the DB binding (D1) is missing");
  for (const bucket of ["MEDIA", "PRIVATE_FILES"]) {
    if (!has(config.r2_buckets, bucket)) problems.push(`the ${bucket} binding (R2) is missing`);
  }
  for (const object of ["LIVE_SESSION", "USER_HUB", "LIVE_WATCHERS"]) {
    if (!has(config.durable_objects?.bindings, object))
      problems.push(`the ${object} binding (Durable Object) is missing`);
  }
  for (const queue of ["FANOUT", "JOBS"]) {
    const producer = config.queues?.producers?.find((p) => p.binding === queue);
    if (!producer) problems.push(`the ${queue} queue producer is missing`);
    else if (!config.queues?.consumers?.some((c) => c.queue === producer.queue)) {
      problems.push(`the ${producer.queue} queue has no consumer`);
    }
  }
  if ((config.triggers?.crons ?? []).length < 3) problems.push("the three cron triggers are missing");
  const documents = config.services?.find((service) => service.binding === "DOCUMENTS");
  if (documents?.service !== DOCUMENTS_WORKER) {
    problems.push(
      `the DOCUMENTS binding must name the service "${DOCUMENTS_WORKER}" (the invoice and statement Worker)`,
    );
  }
  // The app's JSON log lines are read in Workers Logs (docs/decisions/021-logging.md): without it they are lost.
  if (logsOff(config)) problems.push("Workers Logs are off: set [env.production.observability] enabled = true");
  if (secrets) {
    for (const secret of REQUIRED_SECRETS) {
      if (!secrets.includes(secret)) {
        problems.push(`the secret ${secret} is not set: npx wrangler secret put ${secret} --env production`);
      }
    }
    for (const name of REQUIRED_IDS) {
      if (!vars[name] && !secrets.includes(name)) {
        problems.push(`${name} is not set: put it in [env.production.vars] or npx wrangler secret put ${name}`);
      }
    }
    const id = config.d1_databases?.find((d) => d.binding === "DB")?.database_id;
    if (!id || id === PLACEHOLDER_DATABASE_ID) {
      problems.push("database_id of DB is the placeholder: put the id `npx wrangler d1 create noobrd` printed");
    }
  }
  return problems;
}

/**
 * The problems of the documents Worker's production config: it must be the Worker the page binds, run exceljs's
 * Node build (nodejs_compat), keep its logs, and have no public workers.dev address (only the page Worker calls it).
 */
export function documentsProblems(config: DocumentsDeployConfig): string[] {
  const problems: string[] = [];
  const where = "workers/documents/wrangler.toml [env.production]";
  if (config.name !== DOCUMENTS_WORKER)
    problems.push(`the documents Worker must be named "${DOCUMENTS_WORKER}" in ${where}`);
  if (!config.compatibility_flags?.includes("nodejs_compat"))
    problems.push(`the documents Worker needs the nodejs_compat flag (exceljs) in ${where}`);
  if (config.workers_dev !== false) problems.push(`the documents Worker must set workers_dev = false in ${where}`);
  if (logsOff(config))
    problems.push(`the documents Worker's Workers Logs are off: set observability enabled in ${where}`);
  return problems;
}

/** The "Total Upload: 3,219.68 KiB / gzip: ..." figure `wrangler deploy --dry-run` prints, in KiB. */
export function totalUploadKiB(output: string): number | null {
  const match = /Total Upload:\s*([\d,.]+)\s*KiB/.exec(output);
  return match?.[1] ? Number(match[1].replaceAll(",", "")) : null;
}

/** The page Worker's upload against its limit; `null` when the dry run printed no size. */
export function uploadProblems(pageKiB: number | null): string[] {
  if (pageKiB === null) return ["the dry run printed no upload size for the page Worker"];
  if (pageKiB >= PAGE_UPLOAD_LIMIT_KIB) {
    return [
      `the page Worker uploads ${pageKiB} KiB, at or over the ${PAGE_UPLOAD_LIMIT_KIB} KiB limit: move heavy, rarely used code behind a Worker of its own (workers/documents/)`,
    ];
  }
  return [];
}
