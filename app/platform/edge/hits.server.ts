import { log, withLogContext } from "../log.server";
import { EDGE_CACHE_STATUS } from "./cache.server";

/**
 * Edge-cache hits are tallied, not logged one by one (docs/decisions/021-logging.md). A hit is the cheapest answer
 * the Worker gives, and its `request` line (a console write carried by the runtime's log stream) cost about a fifth
 * of it; the line would say nothing Workers Logs' own invocation log of the request does not (ray id, path, status),
 * since a hit has no viewer. Each isolate counts its hits instead and writes one `edge_cache.hits` line per
 * `HIT_TALLY.maxHits` hits or `HIT_TALLY.maxMs`, whichever comes first, checked on each request: how many hits and
 * stale hits, over how long, and the paths hit most (`paths`, with `otherHits` for the rest). A miss, a bypass and
 * every other request keep their own line.
 */
export const HIT_TALLY = { maxHits: 1000, maxMs: 60_000, maxPaths: 100, topPaths: 10 } as const;

type Tally = { since: number; hits: number; stale: number; paths: Map<string, number> };

let tally: Tally | null = null;

/** Counts one hit (the path as it may be logged) and writes the tally when it is due. */
export function tallyHit(status: "HIT" | "STALE", path: string, now = Date.now()): void {
  tally ??= { since: now, hits: 0, stale: 0, paths: new Map() };
  if (status === "HIT") tally.hits += 1;
  else tally.stale += 1;
  const count = tally.paths.get(path);
  if (count !== undefined || tally.paths.size < HIT_TALLY.maxPaths) tally.paths.set(path, (count ?? 0) + 1);
  writeTallyIfDue(now);
}

/** Writes this isolate's tally if it holds `maxHits` hits or is `maxMs` old (called on every request). */
export function writeTallyIfDue(now = Date.now()): void {
  if (!tally || (tally.hits + tally.stale < HIT_TALLY.maxHits && now - tally.since < HIT_TALLY.maxMs)) return;
  const { since, hits, stale, paths } = tally;
  tally = null;
  const top = [...paths].sort((a, b) => b[1] - a[1]).slice(0, HIT_TALLY.topPaths);
  // Not about the request that happens to write it: no request id, route or user of its own.
  withLogContext({}, () =>
    log.info("edge_cache.hits", {
      hits,
      stale,
      seconds: Math.round((now - since) / 1000),
      paths: Object.fromEntries(top),
      // Hits of the paths not listed (including those past the first maxPaths distinct paths, which are not named).
      otherHits: hits + stale - top.reduce((sum, [, n]) => sum + n, 0),
    }),
  );
}

/**
 * An answer's part in the tally: a hit or a stale hit (its EDGE_CACHE_STATUS header) is counted and true returned (the
 * caller writes no `request` line for it); any other answer writes the tally if it is due and returns false.
 */
export function tallyIfHit(response: Response, path: string, now = Date.now()): boolean {
  const status = response.headers.get(EDGE_CACHE_STATUS);
  if (status === "HIT" || status === "STALE") {
    tallyHit(status, path, now);
    return true;
  }
  writeTallyIfDue(now);
  return false;
}
