import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

/**
 * Every test file starts from a freshly migrated, empty database and empty buckets.
 *
 * The workers project runs its files one after another in one workerd (`isolate: false` in vitest.config.ts: a fresh
 * workerd and module graph per file cost about 3 s of start-up and a full transform each), so storage outlives a file.
 * Before each file this drops every trigger, view and table (children before the tables they refer to; a DROP fires
 * no trigger, so the ledger's no-delete triggers do not stand in the way), applies the migrations again and empties
 * both buckets. Durable Objects are named by random row ids, so a file never meets another file's object.
 */
async function dropEverything(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' AND type IN ('trigger', 'view', 'table')",
    )
    .all<{ type: "trigger" | "view" | "table"; name: string; sql: string }>();
  if (results.length === 0) return;
  const tables = results.filter(({ type }) => type === "table").map(({ name }) => name);
  const references = results
    .filter(({ type }) => type === "table")
    .flatMap(({ name, sql }) =>
      [...sql.matchAll(/REFERENCES\s+[`"]?(\w+)/gi)].map((match) => ({ child: name, parent: match[1] })),
    );
  // Children before their parents: a table is dropped once no remaining table refers to it.
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const free = [...left].filter(
      (name) => !references.some((r) => r.parent === name && r.child !== name && left.has(r.child)),
    );
    const next = free.length > 0 ? free : [...left];
    for (const name of next) {
      order.push(name);
      left.delete(name);
    }
  }
  await db.batch([
    ...results
      .filter(({ type }) => type !== "table")
      .map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`)),
    ...order.map((name) => db.prepare(`DROP TABLE IF EXISTS "${name}"`)),
    db.prepare("DROP TABLE IF EXISTS d1_migrations"),
  ]);
}

async function emptyBucket(bucket: R2Bucket) {
  for (;;) {
    const listed = await bucket.list({ limit: 1000 });
    if (listed.objects.length === 0) return;
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}

await dropEverything(env.DB);
await Promise.all([emptyBucket(env.MEDIA), emptyBucket(env.PRIVATE_FILES)]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
