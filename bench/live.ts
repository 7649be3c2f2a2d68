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
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { type LoadTarget, loadTarget, printTarget, sh, TOOL_ENV, waitFor } from "./lib";
import { joinsPhase } from "./live-joins";
import { openLiveSession, streamerCookie, writeFans } from "./live-setup";
import { broadcastPhase } from "./live-sockets";
import { watchersPhase } from "./live-watchers";

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
  const streamer = await streamerCookie(state);

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
  try {
    let target: LoadTarget = { base: preview, why: "the caller's server, as given" };
    if (server) {
      await waitFor(`${preview}/about-us`, server);
      target = await loadTarget(server, preview, options.viaRelay ?? false);
    } else printTarget(target);
    const { base } = target;

    const joins = await joinsPhase({
      base,
      preview,
      state,
      liveSessionId,
      fans,
      concurrency: options.concurrency ?? 64,
      profile: options.profile ?? false,
      serverPid: server?.pid,
    });

    if (options.watchers && options.watchers.length > 0) {
      return {
        joins,
        ...(await watchersPhase({ base, state, liveSessionId, streamer, counts: options.watchers, changes })),
      };
    }

    // Sockets and broadcast latency (none asked for: the joins alone, as `--sockets 0 --profile` measures them).
    if (socketCount === 0) return { joins };
    printTarget(target);
    const broadcast = await broadcastPhase({
      base,
      state,
      liveSessionId,
      streamer,
      fans,
      count: socketCount,
      changes,
      openConcurrency: options.openConcurrency ?? 200,
      serverLog,
      serverPid: server?.pid,
    });
    return { joins, broadcast };
  } finally {
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
