/**
 * Renders SeedData as SQL text with literal values, for `wrangler d1 execute --file`.
 *
 * - Columns come from Drizzle's getTableConfig(), so names never drift from the schema;
 *   generated columns (users.is_live, users.base_currency) are skipped.
 * - Values go through each column's own mapToDriverValue (Date -> ms, boolean -> 0/1,
 *   JSON -> text), then become SQL literals (strings with doubled single quotes).
 * - A missing value takes the column's default; a missing NOT NULL value without a default
 *   is an error, so a seed bug fails here rather than in the database.
 * - Tables are inserted parents first (foreign-key order). A cycle (users.live_session_id ->
 *   live_sessions -> users) is broken on a nullable column: it is inserted as NULL and set
 *   by UPDATE statements once every table is filled.
 * - Rows are grouped into multi-row INSERTs of at most `rowsPerStatement` rows and
 *   `maxStatementBytes` bytes (D1 refuses statements over 100 KB).
 */
import { is, SQL } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, SQLiteSyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { type SeedData, TABLES, type TableName } from "./tables";

export type RenderOptions = { rowsPerStatement?: number; maxStatementBytes?: number };

type TablePlan = {
  name: TableName;
  sqlName: string;
  columns: SQLiteColumn[];
  primaryKey: SQLiteColumn | undefined;
  /** Columns inserted as NULL and filled in afterwards, to break a foreign-key cycle. */
  deferred: SQLiteColumn[];
};

const dialect = new SQLiteSyncDialect();
const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

let cachedPlan: TablePlan[] | undefined;

/** Tables in foreign-key order (parents first), with the columns deferred to break cycles. */
export function insertionPlan(): TablePlan[] {
  if (cachedPlan) return cachedPlan;
  type Node = TablePlan & { table: SQLiteTable; deps: { table: SQLiteTable; columns: SQLiteColumn[] }[] };
  const nodes: Node[] = TABLES.map(([name, table]) => {
    const config = getTableConfig(table);
    const primaryKey = config.columns.find((column) => column.primary);
    return {
      name,
      table,
      sqlName: config.name,
      columns: config.columns.filter((column) => !column.generated),
      primaryKey,
      deferred: [],
      deps: config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        return { table: reference.foreignTable, columns: reference.columns };
      }),
    };
  });
  const emitted = new Set<SQLiteTable>();
  const order: Node[] = [];
  let remaining = nodes;
  while (remaining.length > 0) {
    const pending = (node: Node) => node.deps.filter((dep) => dep.table !== node.table && !emitted.has(dep.table));
    let next = remaining.find((node) => pending(node).length === 0);
    if (!next) {
      // Stuck on a cycle: take the first table that lies on one and whose unsatisfied
      // references are all nullable, and defer those references.
      const byTable = new Map(remaining.map((node) => [node.table, node]));
      const onCycle = (start: Node) => {
        const seen = new Set<SQLiteTable>();
        const stack = pending(start).map((dep) => dep.table);
        while (stack.length > 0) {
          const table = stack.pop() as SQLiteTable;
          if (table === start.table) return true;
          if (seen.has(table)) continue;
          seen.add(table);
          const node = byTable.get(table);
          if (node) stack.push(...pending(node).map((dep) => dep.table));
        }
        return false;
      };
      next = remaining.find(
        (node) => onCycle(node) && pending(node).every((dep) => dep.columns.every((column) => !column.notNull)),
      );
      if (!next)
        throw new Error(
          `foreign-key cycle without a nullable column among ${remaining.map((n) => n.sqlName).join(", ")}`,
        );
      for (const dep of pending(next)) next.deferred.push(...dep.columns);
      if (!next.primaryKey) throw new Error(`${next.sqlName} needs a single-column primary key to defer a column`);
    }
    for (const dep of next.deps) {
      if (dep.table === next.table)
        throw new Error(`${next.sqlName} references itself; not supported by the seed renderer`);
    }
    emitted.add(next.table);
    order.push(next);
    const chosen = next;
    remaining = remaining.filter((node) => node !== chosen);
  }
  cachedPlan = order.map(({ name, sqlName, columns, primaryKey, deferred }) => ({
    name,
    sqlName,
    columns,
    primaryKey,
    deferred,
  }));
  return cachedPlan;
}

/** A SQL literal for a driver value. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  switch (typeof value) {
    case "string":
      return value.includes("'") ? `'${value.replaceAll("'", "''")}'` : `'${value}'`;
    case "number":
      if (!Number.isFinite(value)) throw new Error(`cannot store ${value}`);
      return String(value);
    case "bigint":
      return value.toString();
    case "boolean":
      return value ? "1" : "0";
    default:
      if (value instanceof Uint8Array) return `X'${Buffer.from(value).toString("hex")}'`;
      throw new Error(`cannot render ${Object.prototype.toString.call(value)} as a SQL literal`);
  }
}

function columnValue(plan: TablePlan, column: SQLiteColumn, value: unknown, deferred: boolean): string {
  if (deferred) return "NULL";
  if (value === undefined) {
    if (column.default !== undefined) {
      if (is(column.default, SQL)) return dialect.sqlToQuery(column.default).sql;
      return sqlLiteral(column.mapToDriverValue(column.default));
    }
    if (column.notNull) throw new Error(`${plan.sqlName}.${column.name} is required but missing in a seed row`);
    return "NULL";
  }
  return sqlLiteral(value === null ? null : column.mapToDriverValue(value));
}

const keyCache = new Map<SQLiteColumn, string>();
/** The TypeScript property name of a column (row objects are keyed by it). */
function keyOf(plan: TablePlan, column: SQLiteColumn): string {
  let key = keyCache.get(column);
  if (key === undefined) {
    const entry = TABLES.find(([name]) => name === plan.name);
    const table = entry?.[1] as unknown as Record<string, unknown>;
    key = Object.keys(table).find((property) => table[property] === column);
    if (key === undefined) throw new Error(`no property for ${plan.sqlName}.${column.name}`);
    keyCache.set(column, key);
  }
  return key;
}

/** INSERT statements for every table, then the UPDATEs of deferred columns. */
export function* seedStatements(data: SeedData, options: RenderOptions = {}): Generator<string> {
  const rowsPerStatement = options.rowsPerStatement ?? 500;
  const maxBytes = options.maxStatementBytes ?? 90_000;
  const plan = insertionPlan();
  for (const table of plan) {
    const rows = data[table.name] as Record<string, unknown>[];
    if (rows.length === 0) continue;
    const head = `INSERT INTO ${quoteIdent(table.sqlName)} (${table.columns.map((c) => quoteIdent(c.name)).join(", ")}) VALUES\n`;
    const keys = table.columns.map((column) => keyOf(table, column));
    const deferred = table.columns.map((column) => table.deferred.includes(column));
    let values: string[] = [];
    let bytes = head.length;
    for (const row of rows) {
      const literals = table.columns.map((column, i) =>
        columnValue(table, column, row[keys[i] as string], deferred[i] === true),
      );
      const tuple = `(${literals.join(", ")})`;
      if (values.length > 0 && (values.length >= rowsPerStatement || bytes + tuple.length + 2 > maxBytes)) {
        yield `${head}${values.join(",\n")};`;
        values = [];
        bytes = head.length;
      }
      values.push(tuple);
      bytes += tuple.length + 2;
    }
    if (values.length > 0) yield `${head}${values.join(",\n")};`;
  }
  for (const table of plan) {
    const primaryKey = table.primaryKey;
    if (table.deferred.length === 0 || !primaryKey) continue;
    const rows = data[table.name] as Record<string, unknown>[];
    for (const row of rows) {
      const sets = table.deferred
        .map((column) => [column, row[keyOf(table, column)]] as const)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([column, value]) => `${quoteIdent(column.name)} = ${sqlLiteral(column.mapToDriverValue(value))}`);
      if (sets.length === 0) continue;
      const id = sqlLiteral(primaryKey.mapToDriverValue(row[keyOf(table, primaryKey)]));
      yield `UPDATE ${quoteIdent(table.sqlName)} SET ${sets.join(", ")} WHERE ${quoteIdent(primaryKey.name)} = ${id};`;
    }
  }
}

/** The whole seed as one SQL text. */
export function renderSeedSql(data: SeedData, options?: RenderOptions): string {
  return `${[...seedStatements(data, options)].join("\n")}\n`;
}

/** Empties every table: clears deferred (cyclic) references, then deletes children first. */
export function renderResetSql(): string {
  const plan = insertionPlan();
  const statements: string[] = [];
  for (const table of plan) {
    for (const column of table.deferred) {
      statements.push(
        `UPDATE ${quoteIdent(table.sqlName)} SET ${quoteIdent(column.name)} = NULL WHERE ${quoteIdent(column.name)} IS NOT NULL;`,
      );
    }
  }
  for (const table of [...plan].reverse()) statements.push(`DELETE FROM ${quoteIdent(table.sqlName)};`);
  return `${statements.join("\n")}\n`;
}

/** Row counts per SQL table name, in insertion order. */
export function seedCounts(data: SeedData): [string, number][] {
  return insertionPlan().map((table) => [table.sqlName, (data[table.name] as unknown[]).length]);
}
