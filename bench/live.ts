/**
 * Live-session benchmark: N sockets on one live session (as many as this machine holds; aim 5,000), the time
 * from a queue change to the LAST socket receiving it (p50/p95 over the changes), and joins per second through
 * the app's own POST /api/join_regular with 0 lost or duplicated places.
 *
 *   npm run bench:live                                  build, serve, measure (5,000 sockets, 1,000 joiners)
 *   npm run bench:live -- --sockets 2000 --joiners 500 --changes 20 [--concurrency 64] [--open-concurrency 200]
 *   npm run bench:live -- --sockets 0 --profile          where a join's CPU goes (bench/profile.ts's sampler)
 *   npm run bench:live -- --via-relay                    through vite preview's Node relay
 *   npm run bench:live -- --watchers 5000,19000 --joiners 100 --changes 20
 *                                                        signed-out watchers (the shards' fan-out): latency, lost
 *
 * 1. Prepares its own database under .wrangler/bench-live-state (migrations and the demo seed), opens a live
 *    session for the demo star, and writes `joiners` fans with browser sessions (the cookie is signed with the
 *    development secret, which wrangler.toml's APP_ENV "development" selects whatever the build's mode; no
 *    password logins, whose PBKDF2 would dominate the run).
 * 2. Builds the app as deployed (mode "production": the local stand-ins' code is folded away, as in production;
 *    `--mode e2e` measures the browser tests' build instead) and serves it with `vite preview` on 127.0.0.1:4640.
 *    The joins, the streamer's changes and the WebSockets go to workerd's own socket (bench/lib.ts's workerdEntry),
 *    as on Cloudflare there is no Node relay in front of the Worker; `--via-relay` sends them through vite
 *    preview's single-threaded Node relay, which then also relays every WebSocket frame. On workerd's socket the
 *    sockets negotiate permessage-deflate (as browsers do with Cloudflare), so workerd compresses each frame;
 *    through the relay they do not.
 * 3. Joins: every fan sends POST /api/join_regular at once (bounded concurrency); then the places are read
 *    back from D1: one active place per fan, positions 1..n with no gap and no duplicate. Also printed: workerd's
 *    CPU per join (the Worker, the object and local D1 together), steadier than joins/s on a busy machine. With
 *    `--profile`, workerd's inspector samples the joins and the costliest functions are printed (the sampling
 *    itself costs CPU: read that run's joins/s and CPU per join as the profile's, not the app's).
 * 4. Sockets: opens `sockets` WebSockets to /parties/live-session/<id> (the joined fans with their cookies,
 *    each getting their own place; the rest anonymous, getting the counts; `--open-concurrency` at a time, and a
 *    failed open is reported with its close code, reason and wait, the server's output being in
 *    bench/results/live-server-<port>.log), then the streamer makes `changes`
 *    queue changes (serve the next fan) one at a time; for each, the time until every socket has a frame with
 *    the new version.
 * Loopback only; one local workerd, one Durable Object, D1 on SQLite: not Cloudflare's edge.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createCookie } from "react-router";
import { DEV_SESSION_SECRET } from "../app/platform/env.server";
import {
  d1,
  groupCpuMs,
  type LoadTarget,
  loadTarget,
  percentile,
  printTarget,
  sh,
  TOOL_ENV,
  UNCOMPRESSED,
  waitFor,
} from "./lib";
import { inspectorOf, startProfile } from "./profile";

const DEMO_STAR = "usr_demo_influencer";

const sessionCookie = createCookie("session", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  secrets: [DEV_SESSION_SECRET],
});

type Fan = { id: string; cookie: string };

/** Fans with a browser session each, written straight to the bench's own database. */
async function writeFans(state: string, count: number, prefix: string): Promise<Fan[]> {
  const now = Date.now();
  const fans: Fan[] = [];
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `usr_${prefix}_${i}`;
    const token = randomBytes(32).toString("base64url");
    const sessionId = createHash("sha256").update(token).digest("hex");
    rows.push(
      `INSERT INTO users (id, username, full_name, email, email_verified_at, country, created_at, updated_at) VALUES ('${id}', '${prefix}_${i}', 'Bench Fan', '${id}@bench.test', ${now}, 'US', ${now}, ${now});`,
      `INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${sessionId}', '${id}', ${now + 86_400_000}, ${now});`,
    );
    fans.push({ id, cookie: (await sessionCookie.serialize(token)).split(";")[0] ?? "" });
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-live-"));
  const file = join(dir, "fans.sql");
  writeFileSync(file, rows.join("\n"));
  d1(state, { file });
  rmSync(dir, { recursive: true, force: true });
  return fans;
}

async function starCookie(state: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = createHash("sha256").update(token).digest("hex");
  const now = Date.now();
  d1(
    state,
    `INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${sessionId}', '${DEMO_STAR}', ${now + 86_400_000}, ${now})`,
  );
  return (await sessionCookie.serialize(token)).split(";")[0] ?? "";
}

function openLiveSession(state: string): string {
  const now = Date.now();
  const [mode] = d1(
    state,
    `SELECT gm.id AS mode_id, gm.game_id, gp.platform_id FROM game_modes gm JOIN game_platforms gp ON gp.game_id = gm.game_id LIMIT 1`,
  );
  if (!mode) throw new Error("no game mode in the seed");
  const id = `live_bench_${now.toString(36)}`;
  d1(
    state,
    [
      `UPDATE live_sessions SET ended_at = ${now} WHERE influencer_id = '${DEMO_STAR}' AND ended_at IS NULL`,
      `INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, started_at, created_at, updated_at)
       VALUES ('${id}', '${DEMO_STAR}', 'Bench live', '${mode.game_id}', '${mode.mode_id}', '${mode.platform_id}', 500, 500, ${now}, ${now}, ${now})`,
      `UPDATE users SET live_session_id = '${id}' WHERE id = '${DEMO_STAR}'`,
    ].join(";\n"),
  );
  return id;
}

type Socket = { ws: WebSocket; version: number; waiters: ((v: number) => void)[] };

/** Why one socket did not open: the close code and reason, the client's error, and how long it waited. */
type OpenFailure = {
  index: number;
  signedIn: boolean;
  waitedMs: number;
  code: number | null;
  reason: string;
  error: string;
};

function openOne(url: string, base: string, fan: Fan | undefined, index: number): Promise<Socket | OpenFailure> {
  const started = performance.now();
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { Origin: base, ...(fan ? { Cookie: fan.cookie } : {}) } } as never);
    const socket: Socket = { ws, version: -1, waiters: [] };
    let error = "";
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as { data?: { version?: number } };
      const version = frame.data?.version;
      if (typeof version === "number" && version > socket.version) {
        socket.version = version;
        for (const waiter of socket.waiters.splice(0)) waiter(version);
      }
    });
    ws.addEventListener("open", () => resolve(socket), { once: true });
    ws.addEventListener(
      "error",
      (event) => {
        // Node's WebSocket (undici) says only "network error or non-101 status"; the cause, when it has one, is below.
        const failure = (event as unknown as { error?: Error }).error;
        const cause = failure?.cause instanceof Error ? failure.cause : null;
        error = [failure?.message, cause?.message, (cause as { code?: string } | null)?.code]
          .filter(Boolean)
          .join(": ");
      },
      { once: true },
    );
    ws.addEventListener(
      "close",
      (event) =>
        resolve({
          index,
          signedIn: fan !== undefined,
          waitedMs: Math.round(performance.now() - started),
          code: event.code,
          reason: event.reason,
          error,
        }),
      { once: true },
    );
  });
}

/** Tries to open a socket this many times in all: the live page's own socket reconnects when it is dropped. */
const OPEN_ATTEMPTS = 3;

/**
 * Opens `count` sockets to the session, at most `concurrency` opening at a time (a rolling window: the next starts
 * as soon as one opens), the first `fans.length` with a fan's cookie each, the rest anonymous. A socket closed
 * before it opened is tried again, OPEN_ATTEMPTS in all, as the page's socket reconnects (counted in `reopened`);
 * if any still did not open, the error names how many, signed in or not, and the first failures' close codes,
 * reasons, errors and waits (the server's own output is in the log file `serverLog` names).
 */
async function openSockets(
  base: string,
  liveSessionId: string,
  count: number,
  fans: Fan[],
  concurrency = 200,
  serverLog?: string,
): Promise<{ sockets: Socket[]; reopened: number }> {
  const url = `${base.replace("http", "ws")}/parties/live-session/${liveSessionId}`;
  const sockets: Socket[] = [];
  const failures: OpenFailure[] = [];
  let next = 0;
  let reopened = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        let opened = await openOne(url, base, fans[index], index);
        for (let attempt = 1; attempt < OPEN_ATTEMPTS && !("ws" in opened); attempt++) {
          reopened++;
          opened = await openOne(url, base, fans[index], index);
        }
        if ("ws" in opened) sockets.push(opened);
        else failures.push(opened);
      }
    }),
  );
  if (failures.length > 0) {
    for (const socket of sockets) socket.ws.close();
    const signedIn = failures.filter((failure) => failure.signedIn).length;
    throw new Error(
      `${failures.length} of ${count} sockets did not open (${signedIn} signed in, ${failures.length - signedIn} anonymous; ` +
        `${concurrency} opening at a time); the first: ${JSON.stringify(failures.slice(0, 5))}` +
        (serverLog ? `; the server's output: ${serverLog}` : ""),
    );
  }
  return { sockets, reopened };
}

function reached(socket: Socket, version: number): Promise<number> {
  if (socket.version >= version) return Promise.resolve(performance.now());
  return new Promise((resolve) => socket.waiters.push(() => resolve(performance.now())));
}

/** Sockets per client process of the watchers mode (the file limit is per process). */
const WATCHERS_PER_PROCESS = 4000;
/** A watcher that has not received a change this long after the streamer made it has lost it. */
const LOST_AFTER_MS = 10_000;

type WatcherClient = { child: ChildProcess; next: (type: string) => Promise<Record<string, unknown>> };

function watcherClient(): WatcherClient {
  const child = fork("bench/watchers-client.ts", [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  child.on("message", (message: Record<string, unknown>) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  return {
    child,
    next: () => {
      const message = inbox.shift();
      return message ? Promise.resolve(message) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * Watchers mode: `count` signed-out watchers on the live page (spread by the Worker over the session's watcher
 * shards), opened by client processes of WATCHERS_PER_PROCESS each; then `changes` queue changes by the streamer,
 * one at a time. Prints the time from a change to each watcher receiving it (p50/p95/p99 over every watcher and
 * change, and the last watcher's p50/p95) and the lost updates: a watcher without the change LOST_AFTER_MS after it.
 */
async function watchersRun(base: string, liveSessionId: string, star: string, count: number, entries: string[]) {
  const clients = Array.from({ length: Math.ceil(count / WATCHERS_PER_PROCESS) }, watcherClient);
  const url = `${base.replace("http", "ws")}/parties/live-session/${liveSessionId}`;
  try {
    const openStarted = performance.now();
    clients.forEach((client, index) => {
      const share = Math.min(WATCHERS_PER_PROCESS, count - index * WATCHERS_PER_PROCESS);
      client.child.send({ type: "open", url, origin: base, count: share });
    });
    const opened = await Promise.all(clients.map((client) => client.next("opened")));
    const openCount = opened.reduce((sum, message) => sum + Number(message.open), 0);
    const failed = opened.reduce((sum, message) => sum + Number(message.failed), 0);
    const openSeconds = (performance.now() - openStarted) / 1000;
    const [probe] = (await openSockets(base, liveSessionId, 1, [])).sockets;
    if (!probe) throw new Error("bench: no probe socket");
    await reached(probe, 0);
    const all: number[] = [];
    const last: number[] = [];
    let lost = 0;
    for (const entryId of entries) {
      const version = probe.version + 1;
      const startedAt = performance.timeOrigin + performance.now();
      for (const client of clients) {
        client.child.send({ type: "await", version, startedAt, timeoutMs: LOST_AFTER_MS });
      }
      const form = new URLSearchParams({ intent: "serve", id: entryId, to: "playing_next" });
      const response = await fetch(`${base}/influencer/live/session/${liveSessionId}`, {
        method: "POST",
        headers: { ...UNCOMPRESSED, "Content-Type": "application/x-www-form-urlencoded", Cookie: star, Origin: base },
        body: form,
      });
      await response.arrayBuffer();
      const times = (await Promise.all(clients.map((client) => client.next("arrivals")))).flatMap(
        (message) => message.times as number[],
      );
      await reached(probe, version);
      const arrived = times.filter((t) => t >= 0).sort((a, b) => a - b);
      lost += times.length - arrived.length;
      all.push(...arrived);
      last.push(arrived[arrived.length - 1] ?? LOST_AFTER_MS);
    }
    probe.ws.close();
    all.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    return {
      watchers: openCount,
      refused: failed,
      openedInSeconds: Math.round(openSeconds * 10) / 10,
      changes: entries.length,
      p50Ms: Math.round(percentile(all, 50)),
      p95Ms: Math.round(percentile(all, 95)),
      p99Ms: Math.round(percentile(all, 99)),
      lastWatcherP50Ms: Math.round(percentile(last, 50)),
      lastWatcherP95Ms: Math.round(percentile(last, 95)),
      lost,
    };
  } finally {
    for (const client of clients) client.child.send({ type: "close" });
  }
}

/**
 * `base` (with its `state`): measure against a server already running on that database (bench/catalogue.ts
 * passes its own); nothing is reset, built or served then. Without it, this prepares, builds and serves its own.
 */
export async function run(
  options: {
    base?: string;
    port?: number;
    sockets?: number;
    joiners?: number;
    changes?: number;
    concurrency?: number;
    /** How many sockets open at a time in the sockets phase (a rolling window). */
    openConcurrency?: number;
    state?: string;
    profile?: boolean;
    /** The build's mode: "production" (as deployed) unless told. */
    mode?: string;
    /** Send the load through vite preview's Node relay instead of workerd's own socket. */
    viaRelay?: boolean;
    /** Watchers mode: these counts of signed-out watchers, one after the other (the joins run first). */
    watchers?: number[];
  } = {},
) {
  const external = options.base !== undefined;
  const state = options.state ?? ".wrangler/bench-live-state";
  const port = options.port ?? 4640;
  const preview = options.base ?? `http://127.0.0.1:${port}`;
  const socketCount = options.sockets ?? 5000;
  const joinerCount = options.joiners ?? 1000;
  const changes = options.changes ?? 20;

  if (!external) {
    console.log("\n== database");
    rmSync(state, { recursive: true, force: true });
    sh("tsx", ["scripts/db-prepare.ts", "--persist-to", state]);
  }
  const liveSessionId = openLiveSession(state);
  const fans = await writeFans(state, joinerCount, `b${Date.now().toString(36)}`);
  const star = await starCookie(state);

  let server: ChildProcess | null = null;
  // The preview's and workerd's output (the app's log lines, workerd's errors): kept for a failed run's reading.
  const serverLog = external ? undefined : `bench/results/live-server-${port}.log`;
  if (serverLog) {
    console.log("\n== build and serve");
    sh("react-router", ["build", "--mode", options.mode ?? "production"]);
    mkdirSync("bench/results", { recursive: true });
    const output = openSync(serverLog, "w");
    server = spawn("vite", ["preview", "--port", String(port), "--host", "127.0.0.1"], {
      env: { ...TOOL_ENV, NOOBRD_STATE_DIR: state, NODE_ENV: "production" },
      stdio: ["ignore", output, output],
      detached: true,
    });
    closeSync(output);
  }
  const sockets: Socket[] = [];
  try {
    let target: LoadTarget = { base: preview, why: "the caller's server, as given" };
    if (server) {
      await waitFor(`${preview}/about-us`, server);
      target = await loadTarget(server, preview, options.viaRelay ?? false);
    } else printTarget(target);
    const { base } = target;

    // Joins per second.
    const concurrency = options.concurrency ?? 64;
    let next = 0;
    const statuses = new Map<number, number>();
    // The Cloudflare plugin names the inspector at the preview's /__debug, not workerd's own socket.
    const stopProfile = options.profile ? await startProfile(await inspectorOf(preview)) : null;
    const cpuBefore = server?.pid ? groupCpuMs(server.pid) : Number.NaN;
    const joinStarted = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < fans.length) {
          const fan = fans[next++] as Fan;
          const response = await fetch(`${base}/api/join_regular`, {
            method: "POST",
            headers: { ...UNCOMPRESSED, "Content-Type": "application/json", Cookie: fan.cookie, Origin: base },
            body: JSON.stringify({ liveSessionId }),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const joinSeconds = (performance.now() - joinStarted) / 1000;
    const joinCpuMs = (server?.pid ? groupCpuMs(server.pid) : Number.NaN) - cpuBefore;
    if (stopProfile) await stopProfile("POST /api/join_regular", fans.length);
    const [check] = d1(
      state,
      `SELECT count(*) AS places, count(DISTINCT user_id) AS fans, count(DISTINCT position) AS positions,
                min(position) AS first, max(position) AS last
                FROM queue_entries WHERE live_session_id = '${liveSessionId}' AND state = 'waiting'`,
    );
    const places = Number(check?.places ?? 0);
    const joins = {
      fans: fans.length,
      ok: statuses.get(200) ?? 0,
      otherStatuses: JSON.stringify(Object.fromEntries([...statuses].filter(([s]) => s !== 200))),
      joinsPerSecond: Math.round(places / joinSeconds),
      // workerd's CPU per join (the Worker, the object and local D1 together): steadier than joins/s on a busy machine.
      workerdCpuMsPerJoin: Math.round((joinCpuMs / Math.max(1, fans.length)) * 10) / 10,
      places,
      lost: fans.length - Number(check?.fans ?? 0),
      duplicated: places - Number(check?.fans ?? 0),
      positionGaps: Number(check?.last ?? 0) - Number(check?.first ?? 0) + 1 - Number(check?.positions ?? 0),
    };
    console.log(`\n== joins (POST /api/join_regular, ${concurrency} concurrent)`);
    console.table([joins]);

    if (options.watchers && options.watchers.length > 0) {
      const results = [];
      let served = 0;
      for (const count of options.watchers) {
        const entries = d1(
          state,
          `SELECT id FROM queue_entries WHERE live_session_id = '${liveSessionId}' AND state = 'waiting' ORDER BY position LIMIT ${changes}`,
        ).map((row) => String(row.id));
        served += entries.length;
        console.log(`\n== watchers: ${count} signed-out sockets, ${entries.length} changes`);
        results.push(await watchersRun(base, liveSessionId, star, count, entries));
        console.table([results[results.length - 1]]);
      }
      console.log(`\n== watchers (a queue change to each signed-out watcher; lost: none after ${LOST_AFTER_MS} ms)`);
      console.table(results);
      return { joins, watchers: results, served };
    }

    // Sockets and broadcast latency.
    printTarget(target);
    const openStarted = performance.now();
    const opened = await openSockets(base, liveSessionId, socketCount, fans, options.openConcurrency ?? 200, serverLog);
    sockets.push(...opened.sockets);
    const openSeconds = (performance.now() - openStarted) / 1000;
    await Promise.all(sockets.map((socket) => reached(socket, 0)));
    const entries = d1(
      state,
      `SELECT id FROM queue_entries WHERE live_session_id = '${liveSessionId}' AND state = 'waiting' ORDER BY position LIMIT ${changes}`,
    ).map((row) => String(row.id));
    const lastSocket: number[] = [];
    const medianSocket: number[] = [];
    for (const entryId of entries) {
      const target = Math.max(...sockets.map((s) => s.version)) + 1;
      const t0 = performance.now();
      const arrivals = sockets.map((socket) => reached(socket, target));
      const form = new URLSearchParams({ intent: "serve", id: entryId, to: "playing_next" });
      const response = await fetch(`${base}/influencer/live/session/${liveSessionId}`, {
        method: "POST",
        headers: { ...UNCOMPRESSED, "Content-Type": "application/x-www-form-urlencoded", Cookie: star, Origin: base },
        body: form,
      });
      await response.arrayBuffer();
      const times = (await Promise.all(arrivals)).map((t) => t - t0).sort((a, b) => a - b);
      lastSocket.push(times[times.length - 1] ?? 0);
      medianSocket.push(percentile(times, 50));
    }
    lastSocket.sort((a, b) => a - b);
    medianSocket.sort((a, b) => a - b);
    const broadcast = {
      sockets: sockets.length,
      openedInSeconds: Math.round(openSeconds * 10) / 10,
      reopened: opened.reopened,
      changes: lastSocket.length,
      lastSocketP50Ms: Math.round(percentile(lastSocket, 50)),
      lastSocketP95Ms: Math.round(percentile(lastSocket, 95)),
      medianSocketP50Ms: Math.round(percentile(medianSocket, 50)),
    };
    console.log("\n== broadcast (a queue change to the last socket receiving it)");
    console.table([broadcast]);
    return { joins, broadcast };
  } finally {
    for (const socket of sockets) socket.ws.close();
    if (server?.pid) {
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
      sockets: { type: "string", default: "5000" },
      joiners: { type: "string", default: "1000" },
      changes: { type: "string", default: "20" },
      concurrency: { type: "string", default: "64" },
      "open-concurrency": { type: "string", default: "200" },
      port: { type: "string", default: "4640" },
      profile: { type: "boolean", default: false },
      mode: { type: "string", default: "production" },
      "via-relay": { type: "boolean", default: false },
      watchers: { type: "string" },
    },
    strict: true,
  });
  run({
    sockets: Number(values.sockets),
    joiners: Number(values.joiners),
    changes: Number(values.changes),
    concurrency: Number(values.concurrency),
    openConcurrency: Number(values["open-concurrency"]),
    port: Number(values.port),
    profile: values.profile,
    mode: values.mode,
    viaRelay: values["via-relay"],
    watchers: values.watchers ? values.watchers.split(",").map(Number) : undefined,
  }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
