/**
 * Edge-cache versions (docs/decisions/012-edge-cache-and-read-replicas.md).
 *
 * The anonymous catalogue pages are kept in the Workers Cache API under a key that includes a version; a
 * write that changes what those pages show bumps the version (markCatalogueChanged in
 * app/platform/catalogue-version.server.ts), so every entry cached before it stops being found at once.
 *
 * Invariants carried here: one row per scope (primary key); a version only grows (bumped by
 * `INSERT ... ON CONFLICT DO UPDATE SET version = version + 1`, never set); a missing row reads as 0.
 */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { enumCheck, updatedAt } from "./columns";

/**
 * `catalogue`: everything anonymous pages show; in every key. `availability`: seats left on slots (holds, payments,
 * released holds, cancelled bookings), in the keys of the pages that show seats only (/, /gig/:id, /star/:id and
 * the upcoming-sessions call), so a booking leaves /browse, /game/:id and the content pages cached.
 */
export const CACHE_SCOPES = ["catalogue", "availability"] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

export const cacheVersions = sqliteTable(
  "cache_versions",
  {
    scope: text("scope", { enum: CACHE_SCOPES }).primaryKey(),
    version: integer("version").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    enumCheck("cache_versions_scope_check", t.scope, CACHE_SCOPES),
    check("cache_versions_version_check", sql`${t.version} >= 0`),
  ],
);
