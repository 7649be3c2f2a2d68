import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import { bulkCatalogue } from "../bulk-catalogue";
import { type CatalogueWorld, createCatalogueWorld } from "../catalogue-world";
import { fullScans } from "../full-scans";
import { listQueries } from "../list-queries";

/**
 * Every list query the catalogue runs (browse lists with each sort and filter, their counts, landing,
 * star, gig and game views, suggestions, favourites) is planned by SQLite with EXPLAIN QUERY PLAN, and no
 * plan may read a large table in full: a bare `SCAN <table>` (no index) fails the test. It runs on the
 * known catalogue plus a few thousand generated rows, first without statistics, then after ANALYZE (a
 * database that has been optimised can choose differently). Unfiltered lists must also be read in the
 * order of their index (one page must not sort the whole table).
 */
type PlanRow = { id: number; parent: number; detail: string };

async function planOf(query: { sql: string; params: unknown[] }) {
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<PlanRow>();
  return result.results.map((row) => row.detail);
}

let world: CatalogueWorld;
beforeAll(async () => {
  world = await createCatalogueWorld(env.DB);
  await bulkCatalogue(env.DB, world, { streamers: 400, gigsPerStar: 5, fans: 1500 });
}, 120_000);

async function checkAll() {
  const queries = listQueries(getDb(env), {
    gameId: world.games.fortnite.id,
    gigId: world.gigs.gig3.id,
    streamerId: world.streamers.chen.id,
    viewerId: world.fan.id,
    country: "IN",
  });
  expect(queries.length).toBeGreaterThan(60);
  const failures: string[] = [];
  for (const { name, query, ordered } of queries) {
    const plan = await planOf(query.toSQL());
    const problems = fullScans(plan);
    // An unfiltered list sorted by an indexed column must walk that index, not sort every row per page.
    if (ordered && plan.some((detail) => detail.includes("TEMP B-TREE FOR ORDER BY"))) problems.push("sorts all rows");
    if (problems.length > 0) failures.push(`${name}: ${problems.join("; ")}\n    ${plan.join("\n    ")}`);
  }
  expect(failures, failures.join("\n")).toEqual([]);
}

describe("query plans of the catalogue's list queries", () => {
  it("the checker catches a full scan", async () => {
    expect(
      fullScans(await planOf({ sql: "SELECT * FROM products WHERE description LIKE ?", params: ["%a%"] })),
    ).toEqual(["SCAN products"]);
    expect(fullScans(["SCAN p USING INDEX products_active_popularity_idx", "SEARCH u USING INDEX x (id=?)"])).toEqual(
      [],
    );
  });

  it("use an index for every large table (no statistics)", checkAll);

  it("use an index for every large table after ANALYZE", async () => {
    await env.DB.exec("ANALYZE");
    await checkAll();
  });
});
