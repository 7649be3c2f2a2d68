/**
 * The query-plan rule shared by tests/integration/query-plans.test.ts and bench/catalogue.ts: no plan may
 * read one of these tables in full (a bare `SCAN <table>`, without USING ... INDEX).
 */
export const LARGE_TABLES = new Set([
  "products",
  "product_tags",
  "users",
  "influencer_profiles",
  "slots",
  "bookings",
  "orders",
  "live_sessions",
  "live_session_tags",
  "queue_entries",
  "favourite_gigs",
  "favourite_stars",
  "favourite_games",
  "sessions",
]);

/** `SCAN products`, `SCAN p`, `SCAN products AS p` with no index: a full table scan. */
export function fullScans(plan: string[]): string[] {
  return plan.filter((detail) => {
    const match = /^SCAN (\S+)(?: AS (\S+))?$/.exec(detail.trim());
    return !!match && (LARGE_TABLES.has(match[1] ?? "") || LARGE_TABLES.has(match[2] ?? ""));
  });
}
