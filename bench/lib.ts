/** Helpers the benchmarks share: tools run without telemetry or the cf fetch, the bench's own D1, the server. */
import { type ChildProcess, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export const TOOL_ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

export function sh(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env: TOOL_ENV });
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

/**
 * CPU time (user + system, ms) used so far by the processes of a process group whose command is `name`: the
 * workerd serving the app under `vite preview` (spawned detached, so its group is the preview's pid). Linux
 * only (/proc); clock ticks of 10 ms, so measure over many requests.
 */
export function groupCpuMs(groupId: number, name = "workerd"): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state(0) ppid(1) pgrp(2) ... utime(11) stime(12).
      if (command !== name || Number(fields[2]) !== groupId) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10;
}
