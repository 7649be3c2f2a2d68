/** Helpers the benchmarks share: tools run without telemetry or the cf fetch, the bench's own D1, the server. */
import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createCookie } from "react-router";
import { DEV_SESSION_SECRET } from "../app/platform/env.server";

/** The demo star of the seed, whose gigs and live sessions the benches use. */
export const DEMO_STAR = "usr_demo_influencer";

/**
 * The app's browser session cookie as the benches write it for the fans they insert (signed with the development
 * secret, which wrangler.toml's APP_ENV "development" selects whatever the build's mode): no password logins, whose
 * PBKDF2 would dominate a run.
 */
export const benchSessionCookie = createCookie("session", {
  httpOnly: true,
  secure: true,
  sameSite: "lax",
  path: "/",
  secrets: [DEV_SESSION_SECRET],
});

/**
 * The environment of the tools and servers the benches start. `X_LOCAL_OBSERVABILITY` "false": the Cloudflare Vite
 * plugin otherwise attaches miniflare's local Workers Logs emulation to the Worker, a trace collector in the same
 * workerd process that writes every request's trace to a SQLite file (~19 KB of disk writes per cached page, ~1 ms of
 * workerd's CPU per request, and it never runs for a static file). On Cloudflare that collection happens outside the
 * Worker's thread. The app still writes its log lines. `X_LOCAL_OBSERVABILITY=true npm run bench` measures with it.
 */
export const TOOL_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
};

export function sh(command: string, args: string[], env: NodeJS.ProcessEnv = TOOL_ENV) {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
}

/** A statement (`--command`) or a file of them (`--file`, no results) on a bench's local D1. */
export function d1(state: string, sql: string | { file: string }): Record<string, unknown>[] {
  const args = ["d1", "execute", "DB", "--local", "--persist-to", state, "--json"];
  if (typeof sql === "string") args.push("--command", sql);
  else args.push("--file", sql.file);
  const result = spawnSync("wrangler", args, { encoding: "utf8", env: TOOL_ENV, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr || result.stdout);
  if (typeof sql !== "string") return [];
  return (JSON.parse(result.stdout) as { results: Record<string, unknown>[] }[])[0]?.results ?? [];
}

export async function waitFor(url: string, server: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`preview exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer at ${url}`);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The processes of a process group whose command is `name`, with the fields of /proc/<pid>/stat after the command. */
function groupProcesses(groupId: number, name: string): { pid: string; fields: string[] }[] {
  const found: { pid: string; fields: string[] }[] = [];
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state(0) ppid(1) pgrp(2) ... utime(11) stime(12).
      if (command === name && Number(fields[2]) === groupId) found.push({ pid, fields });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/**
 * CPU time (user + system, ms) used so far by the processes of a process group whose command is `name`: the
 * workerd serving the app under `vite preview` (spawned detached, so its group is the preview's pid). Linux
 * only (/proc); clock ticks of 10 ms, so measure over many requests.
 */
export function groupCpuMs(groupId: number, name = "workerd"): number {
  let ticks = 0;
  for (const { fields } of groupProcesses(groupId, name)) ticks += Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

/**
 * Base URLs of the TCP ports on which the processes of a process group whose command is `name` listen, in the
 * order of their file descriptors: their socket inodes (/proc/<pid>/fd) matched against the LISTEN rows (state
 * 0A) of /proc/net/tcp and tcp6. Linux only.
 */
export function groupListeningUrls(groupId: number, name = "workerd"): string[] {
  const inodes: string[] = [];
  for (const { pid } of groupProcesses(groupId, name)) {
    try {
      const fds = readdirSync(`/proc/${pid}/fd`).sort((a, b) => Number(a) - Number(b));
      for (const fd of fds) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode) inodes.push(inode);
      }
    } catch {
      // the process ended, or a descriptor closed, meanwhile
    }
  }
  const listening = new Map<string, string>();
  for (const [table, host] of [
    ["/proc/net/tcp", "127.0.0.1"],
    ["/proc/net/tcp6", "[::1]"],
  ] as const) {
    if (!existsSync(table)) continue;
    for (const row of readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
      const [, local, , state, , , , , , inode] = row.trim().split(/\s+/);
      const port = local?.split(":")[1];
      if (state === "0A" && port && inode) listening.set(inode, `http://${host}:${Number.parseInt(port, 16)}`);
    }
  }
  return inodes.flatMap((inode) => listening.get(inode) ?? []);
}

/**
 * Requests of the benches ask for no compression. workerd's entry worker compresses answers when the request
 * accepts it, as Cloudflare's edge does (not the Worker's CPU there); vite preview's relay asks workerd for
 * identity whatever the client accepts. Without this, the direct path would count gzip in workerd's CPU.
 */
export const UNCOMPRESSED = { "Accept-Encoding": "identity" } as const;

/**
 * What Cloudflare's edge asks of a Worker whatever the browser sent (it decompresses for a client that cannot
 * take gzip), and what every browser accepts: the catalogue's page loads ask for gzip. A cached page is then sent
 * as stored, compressed (docs/decisions/012-edge-cache-and-read-replicas.md); an uncached render or the static
 * file is compressed by workerd's entry worker, which on Cloudflare the edge does, so their CPU per request
 * includes it here (an upper bound).
 */
export const AS_THE_EDGE_ASKS = { "Accept-Encoding": "gzip" } as const;

type Answer = { status: number; body: Buffer };

async function answerOf(url: string, timeoutMs: number): Promise<Answer | string> {
  try {
    const response = await fetch(url, { headers: UNCOMPRESSED, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * workerd's own socket (miniflare's entry socket) of the preview whose process group is `groupId`: of the ports
 * its workerd listens on (also the inspector, a debug port and others), the first that answers `probePath` with
 * 200 and the same body as the preview at `previewBase`. Requests there reach the entry worker and the app
 * without vite preview's Node relay. The ports are tried one by one in the order of workerd's descriptors (the
 * entry socket comes before the debug port, which speaks Cap'n Proto: an HTTP request there logs a broken RPC
 * connection and gets no answer, given up after `timeoutMs`).
 */
export async function workerdEntry(
  groupId: number,
  probePath: string,
  previewBase: string,
  timeoutMs = 3000,
): Promise<string> {
  const expected = await answerOf(`${previewBase}${probePath}`, timeoutMs);
  if (typeof expected === "string" || expected.status !== 200) {
    const answer = typeof expected === "string" ? expected : expected.status;
    throw new Error(`the preview at ${previewBase} answers ${probePath} with ${answer}, not 200`);
  }
  const seen: string[] = [];
  for (const base of groupListeningUrls(groupId)) {
    const answer = await answerOf(`${base}${probePath}`, timeoutMs);
    if (typeof answer !== "string" && answer.status === 200 && answer.body.equals(expected.body)) return base;
    seen.push(`${base}: ${typeof answer === "string" ? answer : `${answer.status}, ${answer.body.length} bytes`}`);
  }
  throw new Error(
    `no workerd socket of process group ${groupId} answers ${probePath} as the preview does (200, ${expected.body.length} bytes)` +
      (seen.length > 0 ? `: ${seen.join("; ")}` : ": it listens on no TCP port"),
  );
}

/** Where a bench sends its load, and the line saying why. */
export type LoadTarget = { base: string; why: string };

/**
 * workerd's own socket of the preview `server` (see workerdEntry), as on Cloudflare there is no Node relay in
 * front of the Worker; with `viaRelay`, the preview's own URL (every request and WebSocket frame through
 * vite preview's single-threaded Node relay, miniflare's dispatchFetch, whose CPU and garbage collection weigh
 * on the figures). Prints the choice.
 */
export async function loadTarget(
  server: ChildProcess,
  previewBase: string,
  viaRelay: boolean,
  probePath = "/favicon.svg",
): Promise<LoadTarget> {
  const target = viaRelay
    ? { base: previewBase, why: "vite preview's Node relay (--via-relay); without the flag, workerd's own socket" }
    : {
        base: await workerdEntry(requirePid(server), probePath, previewBase),
        why: `workerd's own socket, as on Cloudflare there is no Node relay; --via-relay for the preview's (${previewBase})`,
      };
  printTarget(target);
  return target;
}

export function printTarget(target: LoadTarget) {
  console.log(`load sent to ${target.base}: ${target.why}`);
}

function requirePid(server: ChildProcess): number {
  if (server.pid === undefined) throw new Error("the preview has no process id");
  return server.pid;
}
