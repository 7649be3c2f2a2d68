/**
 * Times every catalogue list query (tests/list-queries.ts) on the scale database and prints the slowest
 * with their plans: a diagnostic beside `npm run bench`, which must have seeded the database first.
 *
 *   npx tsx bench/query-times.ts [how many, default 25]      (STATE=<dir> for another database)
 *
 * Runs in Node's own SQLite (node:sqlite) on the database file, read-only.
 */
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { getDb } from "../app/platform/db.server";
import { listQueries } from "../tests/list-queries";

const dir = `${process.env.STATE ?? ".wrangler/bench-state"}/v3/d1/miniflare-D1DatabaseObject/`;
const file = readdirSync(dir).find((n) => n.endsWith(".sqlite") && n !== "metadata.sqlite");
const db = new DatabaseSync(dir + file, { readOnly: true });
const one = (sql: string) => db.prepare(sql).get() as { id: string };
const ids = {
  gameId: one("SELECT id FROM games ORDER BY popularity DESC LIMIT 1").id,
  gigId: one("SELECT id FROM products ORDER BY popularity DESC LIMIT 1").id,
  streamerId: one("SELECT influencer_id AS id FROM slots GROUP BY influencer_id ORDER BY count(*) DESC LIMIT 1").id,
  viewerId: "usr_demo_fan",
  country: "IN",
};
const rows: [number, string, string][] = [];
for (const { name, query } of listQueries(getDb({ DB: {} } as Env), ids)) {
  const { sql, params } = query.toSQL();
  const stmt = db.prepare(sql);
  const t0 = performance.now();
  stmt.all(...(params as (string | number)[]));
  const ms = performance.now() - t0;
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as (string | number)[])) as { detail: string }[])
    .map((r) => r.detail)
    .join(" | ");
  rows.push([ms, name, plan]);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [ms, name, plan] of rows.slice(0, Number(process.argv[2] ?? 25)))
  console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}\n           ${plan}`);
