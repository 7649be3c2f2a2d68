import { ownServer } from "./own-server";
import { postSync } from "./sync-post";

const BUMP_CATALOGUE_VERSION =
  "INSERT INTO cache_versions (scope, version) VALUES ('catalogue', 1) ON CONFLICT(scope) DO UPDATE SET version = version + 1";

/**
 * The SQL door's answer to a statement that met the app's own write lock: SQLITE_BUSY, or, when workerd met the lock
 * while preparing the statement, an internal error with a reference (the SQLITE_BUSY goes to its own log).
 */
function lockedAnswer(text: string): boolean {
  return text.includes("SQLITE_BUSY") || text.includes("internal error; reference =");
}

/**
 * Reads or writes the browser tests' local D1 database (the one the preview server serves) as a second client,
 * through the SQL door the global setup opens. The statements of one call run as one batch; the rows are the first
 * statement's.
 */
export function queryE2E<T = Record<string, unknown>>(sql: string): T[] {
  // A test's own write stands for a use case's: like those, it makes the edge-cached pages stale
  // (markCatalogueChanged, docs/decisions/012-edge-cache-and-read-replicas.md).
  const writes = !/^\s*(?:SELECT|WITH|EXPLAIN|PRAGMA)\b/i.test(sql);
  const command = writes ? `${sql.replace(/;\s*$/, "")}; ${BUMP_CATALOGUE_VERSION}` : sql;
  let output = "";
  // The app writes to the same database: a statement that finds it locked is tried again once the lock is likely
  // gone, up to five times.
  for (let attempt = 1; ; attempt++) {
    const answer = postSync(ownServer().sqlDoor, command);
    if (answer.ok) {
      output = answer.text;
      break;
    }
    if (attempt < 5 && lockedAnswer(answer.text)) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100 * attempt);
      continue;
    }
    throw new Error(`queryE2E failed: ${answer.text.trim()}\n${command}`);
  }
  const parsed = JSON.parse(output) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

type Row = Record<string, unknown>;

/** Runs statements with bound parameters through the SQL door as one batch; writes bump the catalogue version. */
async function batchE2E(statements: { sql: string; params: unknown[] }[]): Promise<Row[][]> {
  const writes = statements.some(({ sql }) => !/^\s*(?:SELECT|WITH)\b/i.test(sql));
  const body = writes ? [...statements, { sql: BUMP_CATALOGUE_VERSION, params: [] }] : statements;
  // As queryE2E: a batch that found the database locked by the app's own write did not apply (a batch is one
  // transaction), so it is tried again once the lock is likely gone, up to five times.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(ownServer().sqlDoor, { method: "POST", body: JSON.stringify(body) });
    if (response.ok) return ((await response.json()) as { results: Row[] }[]).map((result) => result.results);
    const text = await response.text();
    if (attempt < 5 && lockedAnswer(text)) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    throw new Error(`the SQL door refused: ${text}`);
  }
}

class DoorStatement {
  constructor(
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}
  bind(...params: unknown[]) {
    return new DoorStatement(this.sql, params);
  }
  async all() {
    const [results = []] = await batchE2E([this]);
    return { results, success: true, meta: {} };
  }
  async run() {
    return this.all();
  }
  async first() {
    return (await this.all()).results[0] ?? null;
  }
  async raw() {
    return (await this.all()).results.map((row) => Object.values(row));
  }
}

/**
 * The browser tests' database as a D1 binding, for the shared factories (tests/factories.ts): the same rows
 * the integration tests make, written through the SQL door.
 */
export const e2eD1 = {
  prepare: (sql: string) => new DoorStatement(sql),
  batch: async (statements: DoorStatement[]) =>
    (await batchE2E(statements)).map((results) => ({ results, success: true, meta: {} })),
} as unknown as D1Database;
