/**
 * The watchers mode of bench/live.ts: signed-out watchers on the live page (the session's watcher shards'
 * fan-out), opened by client processes (bench/watchers-client.ts), and the time from each queue change to each.
 */
import { type ChildProcess, fork } from "node:child_process";
import { percentile } from "./lib";
import { serveNext, waitingEntries } from "./live-setup";
import { openSockets, reached } from "./live-sockets";

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
async function watchersRun(base: string, liveSessionId: string, streamer: string, count: number, entries: string[]) {
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
      await serveNext(base, liveSessionId, streamer, entryId);
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

/** Each count of watchers in turn, `changes` queue changes each (the streamer serving the next waiting fans). */
export async function watchersPhase(options: {
  base: string;
  state: string;
  liveSessionId: string;
  streamer: string;
  counts: number[];
  changes: number;
}) {
  const results = [];
  let served = 0;
  for (const count of options.counts) {
    const entries = waitingEntries(options.state, options.liveSessionId, options.changes);
    served += entries.length;
    console.log(`\n== watchers: ${count} signed-out sockets, ${entries.length} changes`);
    results.push(await watchersRun(options.base, options.liveSessionId, options.streamer, count, entries));
    console.table([results[results.length - 1]]);
  }
  console.log(`\n== watchers (a queue change to each signed-out watcher; lost: none after ${LOST_AFTER_MS} ms)`);
  console.table(results);
  return { watchers: results, served };
}
