import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/platform/db.server";

/**
 * A rule's two twins compared (docs/domain.md, "Money rules and the one place each is defined"): the TypeScript
 * decision the pages and use cases read, and the SQL guard of the conditional write that makes it race-safe.
 */

/** Whether `guard` holds for the row `rowId` of `table` (its primary key `id`), evaluated in a SELECT. */
export async function guardHolds(
  db: Db,
  table: SQLiteTable,
  id: SQLiteColumn,
  rowId: string,
  guard: SQL | undefined,
): Promise<boolean> {
  const rows = await db
    .select({ id })
    .from(table)
    .where(and(eq(id, rowId), guard));
  return rows.length === 1;
}

export type Disagreement<C> = { case: C; ts: boolean; sql: boolean };

/** The cases on which the TypeScript decision and the SQL guard answer differently (none when they are twins). */
export async function disagreements<C>(
  cases: readonly C[],
  decide: (c: C) => boolean,
  holds: (c: C) => Promise<boolean>,
): Promise<Disagreement<C>[]> {
  const found: Disagreement<C>[] = [];
  for (const c of cases) {
    const ts = decide(c);
    const inSql = await holds(c);
    if (ts !== inSql) found.push({ case: c, ts, sql: inSql });
  }
  return found;
}
