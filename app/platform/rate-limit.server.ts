import { sql } from "drizzle-orm";
import { rateLimitHits } from "~db/schema";
import { getDb } from "./db.server";

/**
 * Fixed-window rate limit, counted in D1 by one atomic upsert (no read-then-write race):
 * returns true while the key has made at most `max` hits in the current window.
 */
export async function hitRateLimit(env: Env, key: string, max: number, windowMs: number, now = Date.now()) {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const row = await getDb(env)
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count })
    .get();
  return (row?.count ?? 1) <= max;
}
