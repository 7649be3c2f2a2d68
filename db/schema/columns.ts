/**
 * Column helpers shared by every schema file. They fix the conventions once:
 * - ids are `text("id").primaryKey()` (20-char random ids from app/lib/id.ts, or seed ids);
 * - timestamps are integer milliseconds since the epoch, UTC (`timestamp_ms`);
 * - booleans are integers 0/1 (`mode: "boolean"`);
 * - money is an integer number of minor units in a `*_minor` column plus a `currency`
 *   column holding an upper-case ISO 4217 code; never a float;
 * - JSON is text (`mode: "json"`) typed with `$type<...>()`;
 * - a state column is `text({ enum })` AND a CHECK constraint, so the database refuses
 *   a value the TypeScript type would refuse.
 *
 * This file is not re-exported from index.ts: it defines no tables.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { check, integer, text } from "drizzle-orm/sqlite-core";
import { BASE_CURRENCIES } from "./constants";

export const id = () => text("id").primaryKey();

/** A UTC instant stored as integer milliseconds. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * created_at / updated_at. The SQL default (whole seconds) covers raw SQL inserts such as
 * conditional `INSERT ... SELECT`; Drizzle inserts use the millisecond JS default.
 */
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

export const bool = (name: string) => integer(name, { mode: "boolean" });

/** An upper-case ISO 4217 code of a currency the app charges in ("USD", "INR"), typed so amounts read as Money. */
export const currency = (name = "currency") => text(name, { enum: BASE_CURRENCIES }).notNull();

/** A JSON value as stored in configurations and event payloads. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A requirement line of a gig or live session, e.g. { key: "Rank", value: "Gold or above" }. */
export type Requirement = { key: string; value: string };

/** `CHECK (column IN ('a', 'b', ...))` for a state or kind column. */
export function enumCheck(name: string, column: SQLWrapper, values: readonly string[]) {
  const list = sql.join(
    values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return check(name, sql`${column} IN (${list})`);
}

/** `CHECK` that a currency column holds three upper-case letters. */
export function currencyCheck(name: string, column: SQLWrapper) {
  return check(name, sql`length(${column}) = 3 AND ${column} = upper(${column})`);
}

/** `IN ('a', 'b')` for partial index predicates over a state column. */
export function inList(column: SQLWrapper, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
    sql`, `,
  );
  return sql`${column} IN (${list})`;
}
