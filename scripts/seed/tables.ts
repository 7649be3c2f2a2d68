/**
 * The schema's tables as a list, and the SeedData type: one array of insert rows per table,
 * keyed by the table's export name in db/schema (e.g. `products`, `productTags`).
 */
import { is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "~db/schema";

type Schema = typeof schema;

export type TableName = { [K in keyof Schema]: Schema[K] extends SQLiteTable ? K : never }[keyof Schema];

export type SeedData = {
  [K in TableName]: Schema[K] extends { $inferInsert: infer Row } ? Row[] : never;
};

/** Every table exported by db/schema, in export order. */
export const TABLES: readonly (readonly [TableName, SQLiteTable])[] = Object.entries(schema as Record<string, unknown>)
  .filter((entry): entry is [TableName, SQLiteTable] => is(entry[1], SQLiteTable))
  .map(([name, table]) => [name, table] as const);

export function emptySeedData(): SeedData {
  return Object.fromEntries(TABLES.map(([name]) => [name, []])) as unknown as SeedData;
}
