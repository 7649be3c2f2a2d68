/** Helpers the benchmarks share: tools run without telemetry or the cf fetch, the bench's own D1, the server. */
import { type ChildProcess, spawnSync } from "node:child_process";

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
