import { type Column, type GetColumnData, getTableName, is, Param, Placeholder, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";

/**
 * The app's queries are SQL-like builders only (no relational `db.query`), so Drizzle gets no schema: with one it
 * rebuilds its relational map of every table on each call (~0.6 ms of CPU per request, measured with the bench's
 * profile). One Drizzle per D1 binding, which is per request (the request's D1 session, d1-session.server.ts).
 */
const instances = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

export type Db = ReturnType<typeof getDb>;

export function getDb(env: Env) {
  let db = instances.get(env.DB);
  if (!db) {
    db = drizzle(env.DB);
    instances.set(env.DB, db);
  }
  return db;
}

type Named<T> = {
  [K in keyof T]: T[K] extends Column
    ? SQL.Aliased<GetColumnData<T[K]>>
    : T[K] extends SQL<infer U>
      ? SQL.Aliased<U>
      : never;
};

/**
 * Gives every selected field its own SQL name (`AS "key"`), decoded as its column would be.
 *
 * Needed for any select that goes through `db.batch()` and reads two columns of the same name (a join of
 * products and users both has `id`): D1 answers a batch as objects keyed by column name, so duplicates
 * collapse and Drizzle then reads every later field from the wrong position.
 */
export function named<T extends Record<string, Column | SQL>>(fields: T): Named<T> {
  const result: Record<string, SQL.Aliased> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, SQL)) result[key] = field.as(key);
    else result[key] = sql`${field}`.mapWith(field).as(key);
  }
  return result as Named<T>;
}

/**
 * A column always written with its table ("products"."id"). Drizzle leaves the table out in a one-table
 * select, so a correlated subquery must use this for the outer row's columns (and its own), or SQLite
 * would bind the name to the subquery's table.
 */
export function col(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * `PRAGMA optimize`: refreshes the query planner's statistics for tables that changed enough (D1's advice
 * after creating indexes or loading data). Cheap when nothing changed; run by the cron.
 */
export async function optimizeDatabase(env: Env): Promise<void> {
  await env.DB.exec("PRAGMA optimize");
}

/**
 * A statement for a `db.batch([...])` that fails the whole batch (D1 rolls it back) unless `condition` holds
 * once the statements before it have run. It lets a batch check a count or a state it has just written,
 * e.g. "every order asked for was merged", without a read before the write (docs/decisions/003). SQLite's
 * RAISE() only works in triggers, so the failure is a `json()` of invalid text, evaluated only when the
 * condition is false; `isBatchGuardFailure` recognises it.
 */
export function batchGuard(db: Db, condition: SQL) {
  // A select builder, not db.run(sql): drizzle's raw queries lose their bound parameters inside a batch.
  return db
    .select({ ok: sql<number>`CASE WHEN (${condition}) THEN 1 ELSE json('batch guard failed') END` })
    .from(sql`(SELECT 1) AS batch_guard`);
}

/** What D1 said about a failed statement: its message and its cause's (Drizzle wraps D1's error). */
function failureText(error: unknown): string {
  return `${error instanceof Error ? error.message : String(error)} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ""}`;
}

export function isBatchGuardFailure(error: unknown): boolean {
  return /malformed JSON/i.test(failureText(error));
}

/**
 * True when a write failed on any constraint (UNIQUE, CHECK, FOREIGN KEY, NOT NULL, or a bound trigger): the batch
 * was refused by the database's own rules and nothing of it was written. The one place that reads D1's message.
 */
export function isConstraintViolation(error: unknown): boolean {
  return /constraint failed/i.test(failureText(error));
}

/** True when a write failed on a UNIQUE constraint (or index). */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(failureText(error));
}

/** True when a write failed on a FOREIGN KEY constraint (a row still referenced, or a missing parent). */
export function isForeignKeyViolation(error: unknown): boolean {
  return /FOREIGN KEY constraint failed/i.test(failureText(error));
}

/**
 * D1 binds at most 100 parameters in one statement ("too many SQL variables" past it, locally too). Any
 * `inArray` over an id list that a user or data growth controls goes through `idChunks` (writes: one statement
 * per chunk inside the same `db.batch`, so it stays atomic) or `selectInChunks` (reads), with room left in each
 * statement for its other bound values.
 */
export const ID_CHUNK_SIZE = 80;

/** Splits `items` into chunks of at most `size` (ID_CHUNK_SIZE), without duplicates; none for an empty list. */
export function idChunks<T>(items: readonly T[], size: number = ID_CHUNK_SIZE): T[][] {
  const unique = [...new Set(items)];
  const result: T[][] = [];
  for (let start = 0; start < unique.length; start += size) result.push(unique.slice(start, start + size));
  return result;
}

/** Runs `query` once per chunk of `ids` (in parallel: reads only) and joins the rows in chunk order. */
export async function selectInChunks<T, R>(
  ids: readonly T[],
  query: (chunk: T[]) => Promise<R[]>,
  size: number = ID_CHUNK_SIZE,
): Promise<R[]> {
  const parts = await Promise.all(idChunks(ids, size).map((chunk) => query(chunk)));
  return parts.flat();
}

/** A batch's statements built from lists (chunks, one per row): `db.batch` needs at least one. */
export function nonEmptyBatch(items: BatchItem<"sqlite">[]): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  if (items.length === 0) throw new Error("nonEmptyBatch: no statements");
  return items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}

/** The values of a compiled statement's placeholders, by name. */
export type StatementValues = Record<string, unknown>;

/**
 * A statement whose SQL is built once per isolate and bound afresh on every run, for a hot path that runs the same
 * statement many times a second (a live session's joins): building it with Drizzle each time cost more of the
 * object's CPU than D1 running it (~0.5 ms per join, bench:live --profile). `build` writes it with Drizzle, with
 * `sql.placeholder(name)` for every value that changes from one run to the next (a value written in directly is
 * part of the compiled statement for good). Each run gives those values by name and gets a D1 statement, for
 * `d1.batch` or on its own. Its rows come back as D1 gives them: keyed by the selected names (give a select's
 * fields their own names with `named`) and not decoded by Drizzle, so select plain values only.
 */
export function compiledStatement(build: (db: Db) => { toSQL(): { sql: string; params: unknown[] } }) {
  let compiled: { text: string; params: ((values: StatementValues) => unknown)[] } | undefined;
  return (d1: D1Database, values: StatementValues): D1PreparedStatement => {
    if (!compiled) {
      const query = build(drizzle(d1)).toSQL();
      compiled = { text: query.sql, params: query.params.map(boundParam) };
    }
    return d1.prepare(compiled.text).bind(...compiled.params.map((param) => param(values)));
  };
}

/** How one of a compiled statement's parameters gets its value: a placeholder's by name (encoded as its column's). */
function boundParam(param: unknown): (values: StatementValues) => unknown {
  const placeholder = is(param, Placeholder)
    ? param
    : is(param, Param) && is(param.value, Placeholder)
      ? param.value
      : null;
  if (!placeholder) return () => param;
  const encoder = is(param, Param) ? param.encoder : null;
  return (values) => {
    if (!(placeholder.name in values)) throw new Error(`compiledStatement: no value for "${placeholder.name}"`);
    const value = values[placeholder.name];
    return encoder ? encoder.mapToDriverValue(value) : value;
  };
}
