/**
 * Booking benchmark: seat holds per second, through the app's own POST /api/book-slot/create-order (the
 * conditional INSERT ... SELECT of the hold, then a Checkout session on the Stripe stand-in).
 *
 *   npm run bench:booking                         build, serve, measure
 *   npm run bench:booking -- --duration 5 --concurrency 16
 *   npm run bench:booking -- --via-relay          through vite preview's Node relay
 *
 * 1. Prepares its own small database under .wrangler/bench-booking-state (migrations and the demo seed).
 * 2. Adds one hot slot and 100 other slots (100 seats each, the most a slot may have) on the demo star's gig.
 * 3. Builds the app in mode "e2e" (the Stripe stand-in is in that build) and serves it with `vite preview` on
 *    127.0.0.1:4630. The requests go to workerd's own socket (bench/lib.ts's workerdEntry), as on Cloudflare there
 *    is no Node relay in front of the Worker; `--via-relay` sends them through vite preview's Node relay.
 * 4. Logs in as the demo fan and, for a bounded time each, sends holds of one seat: all at the hot slot (after
 *    100 holds every attempt is a clean refusal, still a full conditional write), then spread over the 100
 *    slots. Prints attempts per second, holds per second, refusals, and p50/p99 latency.
 * Loopback only; the figure is one local workerd and D1 (SQLite), not Cloudflare's edge.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { DEMO_STAR, d1, loadTarget, percentile, sh, TOOL_ENV, UNCOMPRESSED, waitFor } from "./lib";

const DEMO_FAN = { email: "fan@demo.noobrd.gg", password: "Demo-pass-2026" };

export type BookingBenchOptions = {
  port?: number;
  durationSeconds?: number;
  concurrency?: number;
  state?: string;
  /** Send the load through vite preview's Node relay instead of workerd's own socket. */
  viaRelay?: boolean;
};
export type Figure = {
  name: string;
  attempts: number;
  holds: number;
  refusals: number;
  errors: number;
  attemptsPerSecond: number;
  holdsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
};

async function measure(
  name: string,
  base: string,
  cookie: string,
  pickSlot: () => string,
  durationMs: number,
  concurrency: number,
): Promise<Figure> {
  const latencies: number[] = [];
  let holds = 0;
  let refusals = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + durationMs;
  async function worker() {
    while (performance.now() < end) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/book-slot/create-order`, {
        method: "POST",
        headers: { ...UNCOMPRESSED, "Content-Type": "application/json", Cookie: cookie, Origin: base },
        body: JSON.stringify({ timeSlot: { id: pickSlot() }, numberOfPlayers: 1, multipleGamerTags: ["Bench"] }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status === 200) holds++;
      else if (response.status === 409) refusals++;
      else errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    attempts: latencies.length,
    holds,
    refusals,
    errors,
    attemptsPerSecond: Math.round(latencies.length / seconds),
    holdsPerSecond: Math.round(holds / seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

export async function run(options: BookingBenchOptions = {}): Promise<Figure[]> {
  const state = options.state ?? ".wrangler/bench-booking-state";
  const port = options.port ?? 4630;
  const preview = `http://127.0.0.1:${port}`;
  const durationMs = (options.durationSeconds ?? 5) * 1000;
  const concurrency = options.concurrency ?? 8;

  console.log("\n== database");
  rmSync(state, { recursive: true, force: true });
  sh("tsx", ["scripts/db-prepare.ts", "--persist-to", state]);
  const [gig] = d1(
    state,
    `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL LIMIT 1`,
  );
  if (!gig) throw new Error("the demo star has no gig");
  const now = Date.now();
  const slotIds = Array.from({ length: 101 }, (_, i) => `slt_bench_${i}`);
  const values = slotIds.map((id, i) => {
    const startsAt = now + 30 * 86_400_000 + i * 3_600_000 + 7_000;
    return `('${id}', '${DEMO_STAR}', '${gig.id}', ${startsAt}, ${startsAt + 1_800_000}, 100, 'open', ${now}, ${now})`;
  });
  d1(
    state,
    `INSERT INTO slots (id, influencer_id, product_id, starts_at, ends_at, seats, status, created_at, updated_at) VALUES ${values.join(", ")}`,
  );

  console.log("\n== build and serve");
  sh("react-router", ["build", "--mode", "e2e"]);
  const server = spawn("vite", ["preview", "--port", String(port), "--host", "127.0.0.1"], {
    env: { ...TOOL_ENV, NOOBRD_STATE_DIR: state, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await waitFor(`${preview}/about-us`, server);
    console.log(
      `\n== seat holds (POST /api/book-slot/create-order, ${concurrency} concurrent, ${durationMs / 1000} s each)`,
    );
    const { base } = await loadTarget(server, preview, options.viaRelay ?? false);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { ...UNCOMPRESSED, "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams(DEMO_FAN),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    if (!cookie) throw new Error(`login failed (${login.status})`);

    const [hot, ...spread] = slotIds as [string, ...string[]];
    let next = 0;
    const figures = [
      await measure("one hot slot", base, cookie, () => hot, durationMs, concurrency),
      await measure("100 slots", base, cookie, () => spread[next++ % spread.length] as string, durationMs, concurrency),
    ];
    console.table(figures);
    return figures;
  } finally {
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "5" },
      concurrency: { type: "string", default: "8" },
      port: { type: "string", default: "4630" },
      "via-relay": { type: "boolean", default: false },
    },
    strict: true,
  });
  run({
    durationSeconds: Number(values.duration),
    concurrency: Number(values.concurrency),
    port: Number(values.port),
    viaRelay: values["via-relay"],
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
