/**
 * Catalogue benchmark on the scale database (100,000 gigs, 50,000 fans).
 *
 *   npm run bench                 seed (if needed), check query plans, build, serve, measure
 *   npm run bench -- --reseed     wipe and seed the scale database again
 *   npm run bench -- --duration 5 --concurrency 8
 *
 * 1. Seeds its own database under .wrangler/bench-state (migrations, then
 *    `tsx scripts/db-seed.ts --gigs 100000 --users 50000 --persist-to <dir> --reset`); later runs reuse it.
 * 2. Plans every catalogue list query (tests/list-queries.ts) with EXPLAIN QUERY PLAN on that database and
 *    fails on a full scan of a large table, as tests/integration/query-plans.test.ts does on its fixtures.
 * 3. Builds the app and serves it with `vite preview` on 127.0.0.1:4437 against that database.
 * 4. Loads /, /browse with a filter and a sort, /gig/:id, a search-suggestion call and a static file
 *    (/favicon.svg) for a bounded time each, and prints requests per second, p50 and p99 latency and the
 *    ratio to the static file; then the gzip size of the client JavaScript each page loads.
 * Loopback only. Results are also written to bench/results/ (git-ignored).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { getDb } from "../app/platform/db.server";
import { fullScans } from "../tests/full-scans";
import { listQueries } from "../tests/list-queries";

const { values: args } = parseArgs({
  options: {
    state: { type: "string", default: ".wrangler/bench-state" },
    port: { type: "string", default: "4437" },
    duration: { type: "string", default: "8" },
    concurrency: { type: "string", default: "8" },
    "max-requests": { type: "string", default: "4000" },
    reseed: { type: "boolean", default: false },
  },
  strict: true,
});

const STATE = args.state;
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_MS = Number(args.duration) * 1000;
const CONCURRENCY = Number(args.concurrency);
const MAX_REQUESTS = Number(args["max-requests"]);
const TOOL_ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = TOOL_ENV) {
  const result = spawnSync(command, commandArgs, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed with ${result.status}`);
}

function step(text: string) {
  console.log(`\n== ${text}`);
}

function sqliteFile(): string {
  const dir = path.join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = existsSync(dir)
    ? readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")
    : null;
  if (!file) throw new Error(`no D1 database under ${dir}`);
  return path.join(dir, file);
}

function isSeeded(): boolean {
  try {
    const db = new DatabaseSync(sqliteFile(), { readOnly: true });
    const row = db.prepare("SELECT count(*) AS n FROM products").get() as { n: number } | undefined;
    db.close();
    return (row?.n ?? 0) >= 100_000;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- 1. database

/** Returns true when it seeded a new database (whose plans are then checked before and after statistics). */
function seed(): boolean {
  if (!args.reseed && isSeeded()) {
    console.log(`reusing the scale database in ${STATE} (--reseed to rebuild it)`);
    return false;
  }
  rmSync(STATE, { recursive: true, force: true });
  const started = performance.now();
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  run("tsx", ["scripts/db-seed.ts", "--gigs", "100000", "--users", "50000", "--persist-to", STATE, "--reset"]);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/** What the Worker's cron does in production: `PRAGMA optimize` (planner statistics). */
function optimize() {
  const args = ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--command", "PRAGMA optimize"];
  const result = spawnSync("wrangler", args, { stdio: "ignore", env: TOOL_ENV });
  if (result.status !== 0) throw new Error("PRAGMA optimize failed");
}

type Sample = { gameId: string; gigId: string; starId: string; viewerId: string; country: string };

function sample(): Sample {
  const db = new DatabaseSync(sqliteFile(), { readOnly: true });
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  const game = one<{ id: string }>("SELECT id FROM games ORDER BY popularity DESC LIMIT 1");
  const gig = one<{ id: string }>(
    "SELECT p.id FROM products p WHERE p.archived_at IS NULL AND EXISTS (SELECT 1 FROM slots s WHERE s.product_id = p.id AND s.starts_at > unixepoch() * 1000) ORDER BY p.popularity DESC LIMIT 1",
  );
  const star = one<{ id: string }>(
    "SELECT influencer_id AS id FROM slots GROUP BY influencer_id ORDER BY count(*) DESC LIMIT 1",
  );
  const fan = one<{ id: string }>("SELECT id FROM users WHERE email = 'fan@demo.noobrd.gg'");
  db.close();
  return { gameId: game.id, gigId: gig.id, starId: star.id, viewerId: fan.id, country: "IN" };
}

// ---------------------------------------------------------------- 2. query plans

function checkPlans(ids: Sample) {
  const db = new DatabaseSync(sqliteFile(), { readOnly: true });
  const queries = listQueries(getDb({ DB: {} } as Env), ids);
  const failures: string[] = [];
  let sorted = 0;
  for (const { name, query, ordered } of queries) {
    const { sql, params } = query.toSQL();
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as (string | number | null)[])) as {
        detail: string;
      }[]
    ).map((row) => row.detail);
    const problems = fullScans(plan);
    if (ordered && plan.some((detail) => detail.includes("TEMP B-TREE FOR ORDER BY"))) problems.push("sorts all rows");
    if (plan.some((detail) => detail.includes("TEMP B-TREE FOR ORDER BY"))) sorted += 1;
    if (problems.length > 0) failures.push(`${name}: ${problems.join("; ")}\n    ${plan.join("\n    ")}`);
  }
  db.close();
  console.log(
    `${queries.length} list queries planned on the scale database: ${failures.length} with a full scan of a large table; ` +
      `${sorted} sort a filtered subset (temp b-tree), none of them an unfiltered list.`,
  );
  if (failures.length > 0) {
    console.error(failures.join("\n"));
    throw new Error("query plans: full scans found");
  }
  return { queries: queries.length, fullScans: failures.length };
}

// ---------------------------------------------------------------- 3. server

async function serve(): Promise<ChildProcess> {
  run("react-router", ["build"], { ...TOOL_ENV, NODE_ENV: "production" });
  const server = spawn("vite", ["preview", "--port", String(PORT), "--host", "127.0.0.1", "--strictPort"], {
    env: { ...TOOL_ENV, NOOBRD_STATE_DIR: STATE },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE}/favicon.svg`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no server at ${BASE}`);
}

function stop(server: ChildProcess) {
  if (!server.pid) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------- 4. load

type Result = { name: string; path: string; requests: number; rps: number; p50: number; p99: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function load(name: string, target: string): Promise<Result> {
  const url = `${BASE}${target}`;
  for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm-up
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + DURATION_MS;
  async function worker() {
    while (performance.now() < deadline && issued < MAX_REQUESTS) {
      issued += 1;
      const t0 = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    path: target,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

// ---------------------------------------------------------------- 5. client JavaScript

async function clientJs(target: string) {
  const html = await (await fetch(`${BASE}${target}`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(match[1] ?? "");
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(match[1] ?? "");
  urls.delete("");
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, BASE))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}

// ---------------------------------------------------------------- main

async function main() {
  step("scale database");
  const fresh = seed();
  const ids = sample();
  if (fresh) {
    step("query plans without statistics (a new database)");
    checkPlans(ids);
    optimize();
  }
  step("query plans with statistics (after PRAGMA optimize, as the cron runs it)");
  const plans = checkPlans(ids);
  step("build and serve");
  const server = await serve();
  try {
    const targets: [string, string, boolean][] = [
      ["static file", "/favicon.svg", false],
      ["landing", "/", true],
      ["browse (filter + sort)", "/browse?platform=pc&country=IN&sortBy=lowToHigh", true],
      ["gig", `/gig/${ids.gigId}`, true],
      ["search suggestions", "/api/get/stars_gigs_search?searchQuery=fort", false],
    ];
    step(`load: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s or ${MAX_REQUESTS} requests per target`);
    const results: Result[] = [];
    for (const [name, target] of targets) results.push(await load(name, target));
    const staticRps = results[0]?.rps ?? Number.NaN;
    const staticP50 = results[0]?.p50 ?? Number.NaN;
    console.log(
      `${"target".padEnd(24)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"static/x".padStart(9)} ${"p50 x".padStart(7)}  errors`,
    );
    for (const result of results) {
      console.log(
        `${result.name.padEnd(24)} ${result.rps.toFixed(0).padStart(8)} ${result.p50.toFixed(1).padStart(8)} ${result.p99
          .toFixed(1)
          .padStart(
            8,
          )} ${(staticRps / result.rps).toFixed(1).padStart(9)} ${(result.p50 / staticP50).toFixed(1).padStart(7)}  ${result.errors}`,
      );
    }
    step("client JavaScript per page (gzip -9)");
    const js: Record<string, Awaited<ReturnType<typeof clientJs>>> = {};
    for (const [name, target, isPage] of targets) {
      if (!isPage) continue;
      js[name] = await clientJs(target);
      const size = js[name];
      console.log(
        `${name.padEnd(24)} ${String(size.files).padStart(3)} files ${(size.raw / 1024).toFixed(1).padStart(7)} KiB raw ${(size.gzip / 1024).toFixed(1).padStart(7)} KiB gzip`,
      );
    }
    mkdirSync("bench/results", { recursive: true });
    const file = path.join("bench/results", `catalogue-${new Date().toISOString().replaceAll(":", "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify({ concurrency: CONCURRENCY, durationMs: DURATION_MS, plans, results, js }, null, 2),
    );
    console.log(`\nwritten to ${file}`);
  } finally {
    stop(server);
  }
}

await main();
