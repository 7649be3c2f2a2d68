import { execFileSync } from "node:child_process";
import { inject } from "vitest";

/** Reads the browser tests' local D1 database with wrangler (a second SQLite reader beside the server). */
export function queryE2E<T = Record<string, unknown>>(sql: string): T[] {
  const output = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } },
  );
  const parsed = JSON.parse(output) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}
