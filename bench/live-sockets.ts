/**
 * The sockets half of bench/live.ts: opens N WebSockets to one live session (the joined fans with their cookies,
 * the rest anonymous), then times each queue change the streamer makes until the last socket has a frame with the
 * new version.
 */
import WebSocket from "ws";
import { groupCpuMs, percentile } from "./lib";
import { type Fan, serveNext, waitingEntries } from "./live-setup";

export type Socket = { ws: WebSocket; version: number; waiters: ((v: number) => void)[] };

/** Why one socket did not open: the close code and reason, the client's error, and how long it waited. */
type OpenFailure = {
  index: number;
  signedIn: boolean;
  waitedMs: number;
  code: number | null;
  reason: string;
  error: string;
};

const VERSION = /"version":(\d+)/;

function openOne(url: string, base: string, fan: Fan | undefined, index: number): Promise<Socket | OpenFailure> {
  const started = performance.now();
  return new Promise((resolve) => {
    // The `ws` client (permessage-deflate on, as browsers negotiate it): Node's built-in WebSocket (undici) took ~0.2 ms
    // of the bench's CPU per frame received, so at 5,000 sockets the client, not the app, set the last socket's time.
    const ws = new WebSocket(url, { headers: { Origin: base, ...(fan ? { Cookie: fan.cookie } : {}) } });
    const socket: Socket = { ws, version: -1, waiters: [] };
    let error = "";
    ws.addEventListener("message", (event) => {
      // The frame's version, read without parsing the whole frame (the only "version" key a live frame carries):
      // with thousands of sockets in this one process, parsing every frame was a large part of the client's CPU.
      const found = VERSION.exec(String(event.data));
      const version = found ? Number(found[1]) : undefined;
      if (typeof version === "number" && version > socket.version) {
        socket.version = version;
        for (const waiter of socket.waiters.splice(0)) waiter(version);
      }
    });
    ws.addEventListener("open", () => resolve(socket), { once: true });
    ws.addEventListener(
      "error",
      (event) => {
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
export async function openSockets(
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

export function reached(socket: Socket, version: number): Promise<number> {
  if (socket.version >= version) return Promise.resolve(performance.now());
  return new Promise((resolve) => socket.waiters.push(() => resolve(performance.now())));
}

/**
 * Opens `count` sockets to the session, then the streamer makes `changes` queue changes (serve the next fan) one at
 * a time; for each, the time until the last socket and the median socket have a frame with the new version.
 */
export async function broadcastPhase(options: {
  base: string;
  state: string;
  liveSessionId: string;
  streamer: string;
  fans: Fan[];
  count: number;
  changes: number;
  openConcurrency: number;
  serverLog?: string;
  /** The served app's process group: its workerd CPU per change is printed beside the client's. */
  serverPid?: number;
}) {
  const { base, liveSessionId } = options;
  const openStarted = performance.now();
  const opened = await openSockets(
    base,
    liveSessionId,
    options.count,
    options.fans,
    options.openConcurrency,
    options.serverLog,
  );
  const { sockets } = opened;
  try {
    const openSeconds = (performance.now() - openStarted) / 1000;
    await Promise.all(sockets.map((socket) => reached(socket, 0)));
    const lastSocket: number[] = [];
    const medianSocket: number[] = [];
    // The bench's own CPU while the changes reach its sockets (every frame is inflated and parsed here, on the same
    // cores as workerd): the part of a change's time that is the client's, not the app's.
    const clientCpuBefore = process.cpuUsage();
    const serverCpuBefore = options.serverPid ? groupCpuMs(options.serverPid) : Number.NaN;
    for (const entryId of waitingEntries(options.state, liveSessionId, options.changes)) {
      const target = Math.max(...sockets.map((s) => s.version)) + 1;
      const t0 = performance.now();
      const arrivals = sockets.map((socket) => reached(socket, target));
      await serveNext(base, liveSessionId, options.streamer, entryId);
      const times = (await Promise.all(arrivals)).map((t) => t - t0).sort((a, b) => a - b);
      lastSocket.push(times[times.length - 1] ?? 0);
      medianSocket.push(percentile(times, 50));
    }
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuMs = (options.serverPid ? groupCpuMs(options.serverPid) : Number.NaN) - serverCpuBefore;
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
      workerdCpuMsPerChange: Math.round(serverCpuMs / Math.max(1, lastSocket.length)),
      clientCpuMsPerChange: Math.round((clientCpu.user + clientCpu.system) / 1000 / Math.max(1, lastSocket.length)),
    };
    console.log("\n== broadcast (a queue change to the last socket receiving it)");
    console.table([broadcast]);
    return broadcast;
  } finally {
    for (const socket of sockets) socket.ws.close();
  }
}
