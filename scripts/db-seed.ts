/**
 * Seeds the local D1 database with deterministic demo data (or scale data).
 *
 * Usage: tsx scripts/db-seed.ts [--gigs N] [--users N] [--seed N] [--now YYYY-MM-DD]
 *                               [--persist-to DIR] [--reset] [--if-empty]
 *
 * - Migrations must already be applied (`wrangler d1 migrations apply DB --local`).
 * - A non-empty database is refused unless --reset (wipe every table first, in the same
 *   atomic batch as the inserts) or --if-empty (skip quietly, exit 0).
 * - The SQL goes to .wrangler/seed.sql and is applied with
 *   `wrangler d1 execute DB --local --file .wrangler/seed.sql -y`, which runs it as one batch.
 * - `now` defaults to today at 00:00 UTC, so bookable slots cover the next 30 days.
 * - --gigs sets the number of gigs (influencers follow at about gigs / 4), --users the number
 *   of fans; defaults 160 and 200. Same options, same data.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS } from "./seed/demo-accounts";
import { DEFAULT_SEED, generateSeed } from "./seed/generate";
import { renderResetSql, seedCounts, seedStatements } from "./seed/sql";

const SQL_FILE = path.join(".wrangler", "seed.sql");

const { values: args } = parseArgs({
  options: {
    gigs: { type: "string" },
    users: { type: "string" },
    seed: { type: "string" },
    now: { type: "string" },
    "persist-to": { type: "string" },
    reset: { type: "boolean", default: false },
    "if-empty": { type: "boolean", default: false },
  },
  strict: true,
});

function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} must be a positive integer, got "${text}"`);
  return value;
}

function fail(message: string): never {
  console.error(`db-seed: ${message}`);
  process.exit(1);
}

function todayUtc(): Date {
  const date = new Date();
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

const wranglerBin = (() => {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve("wrangler/package.json");
  const bin = (JSON.parse(readFileSync(packageJson, "utf8")) as { bin: Record<string, string> }).bin.wrangler;
  if (!bin) fail("cannot find the wrangler binary");
  return path.join(path.dirname(packageJson), bin);
})();

/** Runs `wrangler d1 execute DB --local ...` and returns its stdout. */
function wrangler(extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const persist = args["persist-to"] ? ["--persist-to", args["persist-to"]] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin, "d1", "execute", "DB", "--local", ...persist, ...extra], {
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Number of users, or null when the schema is missing. */
async function existingUsers(): Promise<number | null> {
  const result = await wrangler(["--json", "--command", "SELECT count(*) AS n FROM users"]);
  if (result.code !== 0) {
    if (`${result.stdout}${result.stderr}`.includes("no such table")) return null;
    fail(`could not query the database:\n${result.stderr || result.stdout}`);
  }
  const parsed = JSON.parse(result.stdout) as { results: { n: number }[] }[];
  return parsed[0]?.results[0]?.n ?? 0;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const started = performance.now();
  const options = {
    seed: positiveInt("seed", args.seed) ?? DEFAULT_SEED,
    now: args.now ? new Date(`${args.now}T00:00:00Z`) : todayUtc(),
    gigs: positiveInt("gigs", args.gigs),
    users: positiveInt("users", args.users),
  };
  if (Number.isNaN(options.now.getTime())) fail(`--now must be a date like 2026-11-22, got "${args.now}"`);

  // With --reset the batch empties every table itself, so only the other modes look first.
  const users = args.reset ? 0 : await existingUsers();
  if (users === null)
    fail("the database has no tables yet: apply the migrations first (wrangler d1 migrations apply DB --local).");
  if (users > 0) {
    if (args["if-empty"]) {
      console.log(`db-seed: the database already has data (${users} users); leaving it as it is.`);
      return;
    }
    fail(`the database is not empty (${users} users). Use --reset to wipe it and seed again, or --if-empty to skip.`);
  }

  const generateStart = performance.now();
  const data = await generateSeed(options);
  const generated = performance.now();

  mkdirSync(path.dirname(SQL_FILE), { recursive: true });
  const out = createWriteStream(SQL_FILE);
  if (args.reset) out.write(renderResetSql());
  let bytes = 0;
  for (const statement of seedStatements(data)) {
    bytes += statement.length + 1;
    if (!out.write(`${statement}\n`)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const rendered = performance.now();

  const applied = await wrangler(["--file", SQL_FILE, "-y"]);
  if (applied.code !== 0) fail(`wrangler failed:\n${applied.stderr || applied.stdout}`);
  const done = performance.now();

  const counts = seedCounts(data).filter(([, count]) => count > 0);
  console.log(counts.map(([table, count]) => `  ${table.padEnd(22)} ${count}`).join("\n"));
  const total = counts.reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `db-seed: ${total} rows (seed ${options.seed}, now ${options.now.toISOString().slice(0, 10)}${args.reset ? ", after reset" : ""}).` +
      ` generate ${seconds(generated - generateStart)}, SQL ${seconds(rendered - generated)} (${(bytes / 1e6).toFixed(1)} MB),` +
      ` wrangler ${seconds(done - rendered)}, total ${seconds(done - started)}.`,
  );
  console.log(
    `db-seed: demo logins (password ${DEMO_ACCOUNTS[0].password}): ${DEMO_ACCOUNTS.map((a) => a.email).join(", ")}`,
  );
}

await main();
