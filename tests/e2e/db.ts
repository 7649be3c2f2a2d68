import { execFileSync } from "node:child_process";
import { inject } from "vitest";

const BUMP_CATALOGUE_VERSION =
  "INSERT INTO cache_versions (scope, version) VALUES ('catalogue', 1) ON CONFLICT(scope) DO UPDATE SET version = version + 1";

/** Reads the browser tests' local D1 database with wrangler (a second SQLite reader beside the server). */
export function queryE2E<T = Record<string, unknown>>(sql: string): T[] {
  // A test's own write stands for a use case's: like those, it makes the edge-cached pages stale
  // (markCatalogueChanged, docs/decisions/012-edge-cache-and-read-replicas.md).
  const writes = !/^\s*(?:SELECT|WITH|EXPLAIN|PRAGMA)\b/i.test(sql);
  const command = writes ? `${sql.replace(/;\s*$/, "")}; ${BUMP_CATALOGUE_VERSION}` : sql;
  const output = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", inject("stateDir"), "--json", "--command", command],
    { encoding: "utf8", env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } },
  );
  const parsed = JSON.parse(output) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}
