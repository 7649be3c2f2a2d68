import { sql } from "drizzle-orm";
import { type CacheScope, CONFIG_KEYS, cacheVersions } from "~db/schema";
import type { Db } from "./db.server";

/**
 * The catalogue version: part of every edge-cache key (docs/decisions/012-edge-cache-and-read-replicas.md). Bumping it makes
 * every cached anonymous page and public Browse API answer stale at once, in every location, because the
 * next request looks under a key that was never stored.
 */

/** What changed, for the record and for a finer invalidation later (today every change bumps one version). */
export type CatalogueChange = { gigId?: string; streamerId?: string; gameId?: string; reason?: string };

/**
 * The statement that bumps the catalogue version, to put in the same `db.batch([...])` as the write that
 * changes what the catalogue shows (a gig edited or archived, a slot booked out, a streamer going live), so
 * the two land together.
 */
export function catalogueChangedStatement(db: Db) {
  return bumpStatement(db, "catalogue");
}

/**
 * The statement that bumps the availability version: for writes that change only seats left on slots (a hold,
 * a payment, a released hold, a cancelled booking). It makes stale only the pages that show seats (/, /gig/:id,
 * /star/:id and the upcoming-sessions call); /browse, /game/:id and the content pages stay cached.
 */
export function availabilityChangedStatement(db: Db) {
  return bumpStatement(db, "availability");
}

function bumpStatement(db: Db, scope: CacheScope) {
  forgetEdgeState();
  return db
    .insert(cacheVersions)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({
      target: cacheVersions.scope,
      set: { version: sql`${cacheVersions.version} + 1`, updatedAt: new Date() },
    });
}

/**
 * Call after any write that changes what anonymous catalogue pages show (gig edited, archived or
 * restored; slot added or removed; streamer profile changed; streamer going live or ending a live session;
 * banners, games or content pages edited), when it could not go in the write's batch. Seats alone changing
 * (bookings) is `availabilityChangedStatement`. One cheap UPSERT; safe to call more than once.
 */
export async function markCatalogueChanged(db: Db, _change: CatalogueChange = {}): Promise<void> {
  await catalogueChangedStatement(db).run();
  forgetEdgeState();
}

/**
 * An isolate keeps what it read for a second: the cached path then costs no D1 round trip on most hits.
 * A write in this isolate forgets it at once; other isolates see a new version within the second.
 */
const EDGE_STATE_TTL_MS = 1000;
let remembered: { state: EdgeState; until: number } | null = null;

function forgetEdgeState() {
  remembered = null;
}

export type EdgeState = { version: number; availability: number; gateEnabled: boolean };

/**
 * What the edge cache needs before it may answer from a cached copy, in one round trip: the catalogue
 * version, and whether the site gate is switched on (then nothing is served from the cache, since the gate
 * decides per visitor).
 */
export async function readEdgeState(db: Db, now = Date.now()): Promise<EdgeState> {
  if (remembered && now < remembered.until) return remembered.state;
  const row = await db.get<{ version: number | null; availability: number | null; gate: string | null }>(sql`
    SELECT
      (SELECT version FROM ${cacheVersions} WHERE scope = 'catalogue') AS version,
      (SELECT version FROM ${cacheVersions} WHERE scope = 'availability') AS availability,
      (SELECT value FROM configurations WHERE key = ${CONFIG_KEYS.websitePasswordEnabled}) AS gate`);
  // Any stored value but JSON false counts as "maybe on": the cache then steps aside.
  const state = {
    version: Number(row?.version ?? 0),
    availability: Number(row?.availability ?? 0),
    gateEnabled: row?.gate != null && row.gate !== "false",
  };
  remembered = { state, until: now + EDGE_STATE_TTL_MS };
  return state;
}
