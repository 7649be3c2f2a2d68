import { and, eq, gt, lt, sql } from "drizzle-orm";
import { appError } from "~/lib/errors";
import { rateLimitHits } from "~db/schema";
import { getDb } from "./db.server";

/** The outcome of one hit: allowed or not, the key's hits in its window (this one included), when the window ends. */
type RateLimitOutcome = { allowed: boolean; count: number; retryAfterSeconds: number };

const windowOf = (now: number, windowMs: number) => new Date(Math.floor(now / windowMs) * windowMs);

/**
 * Fixed-window rate limit, counted in D1 by one atomic upsert (no read-then-write race): allowed while the key has made
 * at most `max` hits in the current window.
 */
async function rateLimitHit(
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
    count: row?.count ?? 1,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/** One counter of a limited attempt: its key, and at most `max` hits per fixed window of `windowMs`. */
export type RateLimitKey = { key: string; max: number; windowMs: number };

/** The one answer to too many attempts when a limit gives no message of its own. */
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/**
 * The one way a limited attempt is counted and refused: one hit against each key (each with its own limit); when any
 * is over, a 429 AppError carrying the wait until the latest of the refusing windows ends, which both doors (pages
 * and the JSON API) send as Retry-After. Otherwise the attempt goes on, with `release` to take its hits back when it
 * turns out not to count (a successful login), and each key's hits in its window, this one included (in `keys`' order:
 * a later step may ask more of an attempt after many, as login's bot check does).
 */
export async function enforceRateLimit(
  env: Env,
  keys: readonly RateLimitKey[],
  message: string = TOO_MANY_ATTEMPTS,
  now = Date.now(),
): Promise<{ release: () => Promise<void>; counts: number[] }> {
  const outcomes = await Promise.all(keys.map(({ key, max, windowMs }) => rateLimitHit(env, key, max, windowMs, now)));
  const refused = outcomes.filter((outcome) => !outcome.allowed);
  if (refused.length > 0) {
    const retryAfterSeconds = Math.max(...refused.map((outcome) => outcome.retryAfterSeconds));
    throw appError(429, message, { retryAfterSeconds });
  }
  return {
    counts: outcomes.map((outcome) => outcome.count),
    release: async () => {
      await Promise.all(keys.map(({ key, windowMs }) => releaseRateLimitHit(env, key, windowMs, now)));
    },
  };
}

/**
 * Takes back a hit counted at `now` (the attempt turned out not to count, e.g. a successful login: only failures are
 * limited, so a household or an office behind one address does not lock itself out by signing in).
 */
async function releaseRateLimitHit(env: Env, key: string, windowMs: number, now: number): Promise<void> {
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

/**
 * Refuses (the same 429 as `enforceRateLimit`) when any of these keys has already used its window's allowance,
 * without counting a hit: for a limit counted only on some outcomes (a sign-up told its username is taken), which
 * must still stop every attempt once spent, or the refusal itself would tell the outcome.
 */
export async function refuseIfSpent(
  env: Env,
  keys: readonly RateLimitKey[],
  message: string = TOO_MANY_ATTEMPTS,
  now = Date.now(),
): Promise<void> {
  const counts = await currentHits(env, keys, now);
  const spent = keys.filter((limit, index) => (counts[index] ?? 0) >= limit.max);
  if (spent.length === 0) return;
  const retryAfterSeconds = Math.max(
    ...spent.map(({ windowMs }) => Math.max(1, Math.ceil((windowOf(now, windowMs).getTime() + windowMs - now) / 1000))),
  );
  throw appError(429, message, { retryAfterSeconds });
}

/** Each key's hits in its current window, without counting one (in `keys`' order; 0 for a key with none). */
export async function currentHits(env: Env, keys: readonly RateLimitKey[], now = Date.now()): Promise<number[]> {
  const db = getDb(env);
  const rows = await Promise.all(
    keys.map(({ key, windowMs }) =>
      db
        .select({ count: rateLimitHits.count })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowOf(now, windowMs))))
        .get(),
    ),
  );
  return rows.map((row) => row?.count ?? 0);
}

/** How long a counter is kept after its window started: longer than any limit's window (the longest is an hour). */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes counters whose window started more than RATE_LIMIT_RETENTION_MS ago: their keys name addresses and emails,
 * and an ended window refuses nothing. Run by the scheduled job (account erasure's step). Answers how many went.
 */
export async function pruneRateLimitHits(env: Env, now = Date.now()): Promise<number> {
  const gone = await getDb(env)
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now - RATE_LIMIT_RETENTION_MS)))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}
