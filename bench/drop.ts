/**
 * The drop: a popular streamer opens one slot of 50 seats and thousands of fans try to book it in the same minute,
 * half by card and half from their wallets; those who find it full join its waitlist.
 *
 *   npm run bench:drop                                  5,000 fans, 200 in flight at once
 *   npm run bench:drop -- --fans 1000 --concurrency 100 --seats 50
 *   npm run bench:drop -- --concurrency 100 --profile   where the Worker's CPU goes (bench/profile.ts's sampler; the
 *                                                       sampling costs CPU: read that run's figures as the profile's)
 *   npm run bench:drop -- --warm 0                      no gig page loads before the drop (a cold Worker)
 *   npm run bench:drop -- --no-drop                     the slot is not marked as a drop: its high demand comes from
 *                                                       the rush signal alone (docs/decisions/042)
 *
 * 1. Prepares its own database under .wrangler/bench-drop-state (migrations and the demo seed), adds the slot on the
 *    demo star's gig (marked as a drop, as a streamer planning one marks it: the bot check from its first seat), and N fans (distinct accounts, each with a live session made as a login would leave it, half
 *    with a wallet balance).
 * 2. Builds in mode "e2e" (the Stripe stand-in is in that build), serves it with `vite preview` and sends the load
 *    to workerd's own socket (bench/lib.ts), as on Cloudflare there is no Node relay in front of the Worker.
 * 3. Fans open the gig page before the drop (`--warm`, 200 loads by default), as they wait on it for the slot.
 * 4. Each fan asks once, in a shuffled order: POST /api/book-slot/create-order (card: the seat is held for its
 *    Checkout) or POST /api/create/order (wallet: booked at once). A fan answered "full" (409) posts the gig page's
 *    "join the waitlist" form. Each request carries a bot-check token (`cf-turnstile-response`) as the local
 *    Turnstile stand-in's always-pass site key gives one, for its action ("book", "waitlist") and the site's
 *    hostname, good once: a drop's slot is in high demand (docs/decisions/033), so the server verifies them all once
 *    the rush begins (the stand-in's siteverify, which keeps each spent token in memory: docs/decisions/043).
 * 5. Prints: oversold (seats taken past the slot's seats: must be 0), 5xx (must be 0), every fan's answer (held,
 *    booked, waitlisted, refused), the booking answer's p50/p95/p99, the waitlist's order against the order in which
 *    its fans were answered "full", the booking writes per second the one D1 writer took, and workerd's CPU per fan
 *    (the Worker and local D1 together, both requests of a fan): on a shared machine, the figure to compare.
 * Loopback only: one local workerd and D1 (SQLite), not Cloudflare's edge.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { standInToken, TURNSTILE_TEST_KEYS } from "../app/platform/stand-ins/turnstile/siteverify";
import {
  benchSessionCookie,
  DEMO_STAR,
  d1,
  groupCpuMs,
  loadTarget,
  percentile,
  sh,
  TOOL_ENV,
  UNCOMPRESSED,
  waitFor,
} from "./lib";
import { inspectorOf, startProfile } from "./profile";

const SLOT = "slt_bench_drop";

type Fan = { id: string; cookie: string; pays: "card" | "wallet"; ip: string };
type Answer = {
  fan: Fan;
  status: number;
  ms: number;
  outcome: "held" | "booked" | "waitlisted" | "refused" | "bot-check refused" | "error";
  fullAt?: number;
  /** The waitlist POST's own time, for a fan answered "full". */
  joinMs?: number;
  /** When the booking POST was sent, in ms since the drop began. */
  sentAt?: number;
};

/** N fans with sessions (made as a login would leave them), half with $1,000 in their wallet, in chunks. */
async function makeFans(state: string, count: number): Promise<Fan[]> {
  const now = Date.now();
  const fans: Fan[] = [];
  for (let start = 0; start < count; start += 400) {
    const users: string[] = [];
    const sessions: string[] = [];
    const wallets: string[] = [];
    for (let i = start; i < Math.min(count, start + 400); i++) {
      const id = `usr_drop_${i}`;
      const token = randomBytes(32).toString("base64url");
      const session = createHash("sha256").update(token).digest("hex");
      const pays = i % 2 === 0 ? "card" : "wallet";
      users.push(`('${id}', 'drop_${i}', 'Drop Fan ${i}', '${id}@bench.test', ${now}, 'US', ${now}, ${now})`);
      sessions.push(`('${session}', '${id}', ${now + 86_400_000}, ${now})`);
      if (pays === "wallet")
        wallets.push(`('wal_drop_${i}', '${id}', 100000, 'USD', 'adjustment', 'Bench credit', ${now})`);
      const cookie = ((await benchSessionCookie.serialize(token)).split(";")[0] ?? "").trim();
      fans.push({ id, cookie, pays, ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
    }
    d1(
      state,
      `INSERT INTO users (id, username, full_name, email, email_verified_at, country, created_at, updated_at) VALUES ${users.join(", ")};
       INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ${sessions.join(", ")};
       ${wallets.length ? `INSERT INTO wallet_entries (id, user_id, amount_minor, currency, kind, note, created_at) VALUES ${wallets.join(", ")};` : ""}`,
    );
  }
  return fans;
}

/** A bot-check token as the stand-in's always-pass widget gives it on `base`'s pages, for `action`. */
function botCheckToken(base: string, action: string): string {
  return standInToken(TURNSTILE_TEST_KEYS.passSiteKey, action, new URL(base).hostname) ?? "";
}

async function ask(base: string, gigId: string, fan: Fan, clock: { full: number }): Promise<Answer> {
  const headers = { ...UNCOMPRESSED, Cookie: fan.cookie, Origin: base, "CF-Connecting-IP": fan.ip };
  const path = fan.pays === "card" ? "/api/book-slot/create-order" : "/api/create/order";
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      timeSlot: { id: SLOT },
      numberOfPlayers: 1,
      multipleGamerTags: [`Drop${fan.id}`],
      "cf-turnstile-response": botCheckToken(base, "book"),
    }),
  });
  await response.arrayBuffer();
  const ms = performance.now() - t0;
  if (response.status === 200) return { fan, status: 200, ms, outcome: fan.pays === "card" ? "held" : "booked" };
  if (response.status === 403) return { fan, status: 403, ms, outcome: "bot-check refused" };
  if (response.status !== 409) return { fan, status: response.status, ms, outcome: "error" };
  const fullAt = clock.full++;
  const j0 = performance.now();
  const join = await fetch(`${base}/gig/${gigId}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "join-waitlist",
      slotId: SLOT,
      seats: "1",
      "cf-turnstile-response": botCheckToken(base, "waitlist"),
    }),
  });
  await join.arrayBuffer();
  const joinMs = performance.now() - j0;
  const joined = join.status >= 300 && join.status < 400;
  return {
    fan,
    status: joined ? 409 : join.status,
    ms,
    joinMs,
    outcome: joined ? "waitlisted" : join.status >= 500 ? "error" : "refused",
    fullAt,
  };
}

/**
 * Before a drop opens, its fans wait on the gig page: the Worker has served them already. `count` of the fans (signed
 * in) load the gig page, `concurrency` at a time, so the drop meets a warm Worker as it would on the night; without
 * this the first wave of answers measures the isolate's first compile of every module on its path.
 */
async function warmUp(base: string, gigId: string, fans: Fan[], count: number, concurrency: number) {
  let next = 0;
  const started = performance.now();
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) {
        const fan = fans[i % fans.length] as Fan;
        const response = await fetch(`${base}/gig/${gigId}`, {
          headers: { ...UNCOMPRESSED, Cookie: fan.cookie, "CF-Connecting-IP": fan.ip },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  console.log(
    `warm-up: ${count} gig page loads by fans before the drop in ${Math.round(performance.now() - started)} ms,` +
      ` statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
}

export async function run({
  fans: count = 5000,
  concurrency = 200,
  seats = 50,
  port = 4650,
  profile = false,
  warm = 200,
  drop = true,
} = {}) {
  const state = ".wrangler/bench-drop-state";
  console.log("\n== database");
  rmSync(state, { recursive: true, force: true });
  sh("tsx", ["scripts/db-prepare.ts", "--persist-to", state]);
  const [gig] = d1(
    state,
    `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL LIMIT 1`,
  );
  if (!gig) throw new Error("the demo star has no gig");
  const now = Date.now();
  const startsAt = now + 30 * 86_400_000;
  d1(
    state,
    `INSERT INTO slots (id, influencer_id, product_id, starts_at, ends_at, seats, status, is_drop, created_at, updated_at) VALUES ('${SLOT}', '${DEMO_STAR}', '${gig.id}', ${startsAt}, ${startsAt + 3_600_000}, ${seats}, 'open', ${drop ? 1 : 0}, ${now}, ${now})`,
  );
  const fans = await makeFans(state, count);
  for (let i = fans.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [fans[i], fans[j]] = [fans[j] as Fan, fans[i] as Fan];
  }

  console.log("\n== build and serve");
  sh("react-router", ["build", "--mode", "e2e"]);
  const server = spawn("vite", ["preview", "--port", String(port), "--host", "127.0.0.1"], {
    env: { ...TOOL_ENV, NOOBRD_STATE_DIR: state, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/about-us`, server);
    const { base } = await loadTarget(server, `http://127.0.0.1:${port}`, false);
    if (warm > 0) await warmUp(base, String(gig.id), fans, warm, concurrency);
    console.log(`\n== the drop: ${count} fans, ${concurrency} in flight, ${seats} seats`);
    const answers: Answer[] = [];
    const clock = { full: 0 };
    const networkErrors = new Map<string, number>();
    let next = 0;
    // The Cloudflare plugin names the inspector at the preview's /__debug, not workerd's own socket.
    const stopProfile = profile ? await startProfile(await inspectorOf(`http://127.0.0.1:${port}`)) : null;
    const cpuBefore = server.pid ? groupCpuMs(server.pid) : Number.NaN;
    const started = performance.now();
    // workerd's CPU in each second of the drop (ms of CPU per second of wall time), to tell its own pauses from the
    // machine's: a second of slow answers with workerd busy is the app's; with workerd idle, something else's.
    const cpuBySecond: number[] = [];
    let lastCpu = cpuBefore;
    const sampler = setInterval(() => {
      const cpu = server.pid ? groupCpuMs(server.pid) : Number.NaN;
      cpuBySecond.push(cpu - lastCpu);
      lastCpu = cpu;
    }, 1000);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let fan = fans[next++]; fan; fan = fans[next++]) {
          const t0 = performance.now();
          answers.push(
            await ask(base, String(gig.id), fan, clock)
              .then((answer) => ({ ...answer, sentAt: t0 - started }))
              .catch((error: unknown) => {
                const key = `${fan.pays}: ${error instanceof Error ? `${error.message} (${String((error as { cause?: unknown }).cause)})` : String(error)}`;
                networkErrors.set(key, (networkErrors.get(key) ?? 0) + 1);
                return { fan, status: 0, ms: performance.now() - t0, outcome: "error" as const };
              }),
          );
        }
      }),
    );
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    console.log(`workerd CPU ms in each second of the drop: ${cpuBySecond.join(" ")}`);
    const cpuMs = (server.pid ? groupCpuMs(server.pid) : Number.NaN) - cpuBefore;
    // Each fan is one booking POST, and a fan answered "full" one waitlist POST more.
    if (stopProfile) await stopProfile("the drop (booking and waitlist POSTs)", answers.length);
    if (networkErrors.size) console.log("network errors (no answer):", Object.fromEntries(networkErrors));
    return report(state, answers, seats, seconds, cpuMs);
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

function report(state: string, answers: Answer[], seats: number, seconds: number, cpuMs: number) {
  const [taken] = d1(
    state,
    `SELECT coalesce(sum(seats), 0) AS seats FROM bookings WHERE slot_id = '${SLOT}' AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ${Date.now()}))`,
  );
  const line = d1(state, `SELECT user_id FROM waitlist_entries WHERE slot_id = '${SLOT}' ORDER BY position`).map(
    (row) => String(row.user_id),
  );
  const fullOrder = new Map(answers.filter((a) => a.fullAt !== undefined).map((a) => [a.fan.id, a.fullAt as number]));
  // Pairs of neighbours in line whose "full" answers came the other way round (requests in flight at once race).
  let inversions = 0;
  for (let i = 1; i < line.length; i++)
    if ((fullOrder.get(line[i] as string) ?? 0) < (fullOrder.get(line[i - 1] as string) ?? 0)) inversions++;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const joins = answers.flatMap((a) => (a.joinMs === undefined ? [] : [a.joinMs])).sort((a, b) => a - b);
  const count = (outcome: Answer["outcome"]) => answers.filter((a) => a.outcome === outcome).length;
  const figures = {
    fans: answers.length,
    seats,
    "seats taken": Number(taken?.seats ?? 0),
    oversold: Math.max(0, Number(taken?.seats ?? 0) - seats),
    "5xx": answers.filter((a) => a.status >= 500).length,
    held: count("held"),
    booked: count("booked"),
    waitlisted: count("waitlisted"),
    refused: count("refused"),
    "bot check refused": count("bot-check refused"),
    errors: count("error"),
    "answer p50 ms": Math.round(percentile(latencies, 50)),
    "answer p95 ms": Math.round(percentile(latencies, 95)),
    "answer p99 ms": Math.round(percentile(latencies, 99)),
    "waitlist answer p50 ms": Math.round(percentile(joins, 50)),
    "waitlist answer p99 ms": Math.round(percentile(joins, 99)),
    "waitlist length": line.length,
    // A waitlist form refused (a failed bot check too) answers a redirect with a toast, as a join does: the line says.
    "waitlist joins answered but not in line": Math.max(0, count("waitlisted") - line.length),
    "waitlist neighbours out of answer order": inversions,
    seconds: Number(seconds.toFixed(1)),
    "booking writes per second": Math.round(answers.length / seconds),
    // workerd's CPU (the Worker and local D1 together) per fan, both POSTs: steadier than wall-clock on a busy machine.
    "workerd CPU ms per fan": Math.round((cpuMs / Math.max(1, answers.length)) * 10) / 10,
    "load average (1 min) at the end": Number(loadavg()[0]?.toFixed(2)),
  };
  console.table(figures);
  // Where the slowest answers sat in the drop: by second since it began, the answers over the p95 sent in it.
  const p95 = percentile(latencies, 95);
  const slowBySecond = new Map<number, number>();
  for (const answer of answers)
    if (answer.ms > p95 && answer.sentAt !== undefined) {
      const second = Math.floor(answer.sentAt / 1000);
      slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
    }
  console.log(
    "answers over the p95, by the second they were sent in:",
    [...slowBySecond]
      .sort((a, b) => a[0] - b[0])
      .map(([second, n]) => `${second}s:${n}`)
      .join(" "),
  );
  console.log(
    "What bounds it: one workerd thread runs the Worker and local D1; a booking answer is a read (full) or one" +
      " conditional batch, and a full answer is followed by the waitlist's one batch. The CPU per fan times the requests" +
      " in flight is the queue in front of the last answer when workerd has a core to itself.",
  );
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      fans: { type: "string", default: "5000" },
      concurrency: { type: "string", default: "200" },
      seats: { type: "string", default: "50" },
      port: { type: "string", default: "4650" },
      profile: { type: "boolean", default: false },
      warm: { type: "string", default: "200" },
      "no-drop": { type: "boolean", default: false },
    },
    strict: true,
  });
  run({
    fans: Number(values.fans),
    concurrency: Number(values.concurrency),
    seats: Number(values.seats),
    port: Number(values.port),
    profile: values.profile,
    warm: Number(values.warm),
    drop: !values["no-drop"],
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
