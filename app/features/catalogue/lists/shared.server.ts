import { count, type SQL, type Subquery, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { type BrowseFilter, type GigSort, pageLimit } from "../schema";

/**
 * What the browse lists share (app/features/catalogue/lists/*.server.ts, one file per list kind): the page
 * window, the count over a list, and the sort directions. Every sort ends on the table's rowid, so pages
 * never overlap or skip a row, and every sort is served by an index (tests/integration/query-plans.test.ts).
 *
 * A page asks for limit + 1 rows: the extra row only says whether there is a next page (`toPage`).
 */
export type Order = SQL[];

/** `SELECT count(*)` over a list's rows (SQLite flattens the subquery and skips the unused columns). */
export function countOf(db: Db, list: { as: (alias: string) => Subquery }) {
  return db.select({ total: count() }).from(list.as("matching"));
}

export function pageWindow(filter: BrowseFilter, query: { page: number; limit?: number }) {
  const limit = pageLimit(filter, query.limit);
  return { limit, offset: (query.page - 1) * limit };
}

export function direction(
  sort: GigSort | "relevance",
  rank: SQL,
  columns: Record<"title" | "popularity" | "price" | "date", SQL> & {
    /** Best rated first: the average (times 100), then how many ratings; lists without one sort by popularity. */
    rating?: [score: SQL, count: SQL];
  },
  rowid: SQL,
): Order {
  switch (sort) {
    case "alphabetically":
      return [sql`${columns.title} COLLATE NOCASE`, sql`${rowid}`];
    case "lowToHigh":
      return [sql`${columns.price} ASC`, sql`${rowid} ASC`];
    case "highToLow":
      return [sql`${columns.price} DESC`, sql`${rowid} DESC`];
    case "date":
      return [sql`${columns.date} DESC`, sql`${rowid} DESC`];
    case "rating":
      if (columns.rating) return [sql`${columns.rating[0]} DESC`, sql`${columns.rating[1]} DESC`, sql`${rowid} DESC`];
      return [sql`${columns.popularity} DESC`, sql`${rowid} DESC`];
    case "relevance":
      return [sql`${rank}`, sql`${rowid}`];
    default:
      return [sql`${columns.popularity} DESC`, sql`${rowid} DESC`];
  }
}

/** Default order: relevance while searching, else popularity. */
export function effectiveSort<S extends GigSort>(sortBy: S | undefined, match: string | null): S | "relevance" {
  return sortBy ?? (match ? "relevance" : ("popularity" as S));
}

export type Page<T> = { items: T[]; page: number; limit: number; hasMore: boolean };

export function toPage<T>(rows: T[], query: { page: number; limit?: number }, filter: BrowseFilter): Page<T> {
  const limit = pageLimit(filter, query.limit);
  return { items: rows.slice(0, limit), page: query.page, limit, hasMore: rows.length > limit };
}
