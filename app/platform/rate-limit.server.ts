import { and, eq, gt, sql } from "drizzle-orm";
import { rateLimitHits } from "~db/schema";
import { getDb } from "./db.server";

/** The outcome of one hit: allowed or not, and when the window ends (for a 429's Retry-After). */
export type RateLimitOutcome = { allowed: boolean; retryAfterSeconds: number };

const windowOf = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

/**
 * Fixed-window rate limit, counted in D1 by one atomic upsert (no read-then-write race): allowed while the key has made
 * at most `max` hits in the current window.
 */
export async function rateLimitHit(
  env: Env,
  key: string,
  max: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitOutcome> {
  const windowStart = windowOf(now, windowMs);
  const row = await getDb(env)
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count })
    .get();
  return {
    allowed: (row?.count ?? 1) <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/** `rateLimitHit` as a yes or no. */
export async function hitRateLimit(env: Env, key: string, max: number, windowMs: number, now = Date.now()) {
  return (await rateLimitHit(env, key, max, windowMs, now)).allowed;
}

/**
 * Takes back a hit counted at `now` (the attempt turned out not to count, e.g. a successful login: only failures are
 * limited, so a household or an office behind one address does not lock itself out by signing in).
 */
export async function releaseRateLimitHit(env: Env, key: string, windowMs: number, now: number): Promise<void> {
  const db = getDb(env);
  const thisWindow = and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowOf(now, windowMs)));
  // A count never drops below 1 (its CHECK): the window's only hit is deleted, else the count goes down by one.
  await db.batch([
    db.delete(rateLimitHits).where(and(thisWindow, eq(rateLimitHits.count, 1))),
    db
      .update(rateLimitHits)
      .set({ count: sql`${rateLimitHits.count} - 1` })
      .where(and(thisWindow, gt(rateLimitHits.count, 1), sql`changes() = 0`)),
  ]);
}
