import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compiledStatement, named } from "~/platform/db.server";
import { sessions } from "~db/schema";

/** app/platform/db.server.ts `compiledStatement`: SQL built once, each run's values bound by name. */
describe("a statement compiled once and bound on every run", () => {
  const echo = compiledStatement((db) =>
    db
      .select(
        named({
          text: sql<string>`${sql.placeholder("text")}`,
          fixed: sql<number>`${41} + 1`,
          twice: sql<number>`${sql.placeholder("n")} * 2`,
        }),
      )
      .from(sql`(SELECT 1)`),
  );

  it("binds each run's values by name and keeps the values written in", async () => {
    expect(await echo(env.DB, { text: "a", n: 1 }).first()).toEqual({ text: "a", fixed: 42, twice: 2 });
    expect(await echo(env.DB, { text: "b", n: 5 }).first()).toEqual({ text: "b", fixed: 42, twice: 10 });
    const [first, second] = await env.DB.batch([echo(env.DB, { text: "c", n: 2 }), echo(env.DB, { text: "d", n: 3 })]);
    expect([first?.results, second?.results]).toEqual([
      [{ text: "c", fixed: 42, twice: 4 }],
      [{ text: "d", fixed: 42, twice: 6 }],
    ]);
  });

  it("refuses a run that lacks a value", () => {
    expect(() => echo(env.DB, { text: "a" })).toThrow(/no value for "n"/);
  });

  it("encodes a placeholder tied to a column as that column's value (a Date as its milliseconds)", async () => {
    const echoAt = compiledStatement((db) =>
      db
        .select(named({ at: sql<number>`${sql.param(sql.placeholder("at"), sessions.expiresAt)}` }))
        .from(sql`(SELECT 1)`),
    );
    expect(await echoAt(env.DB, { at: new Date(1_700_000_000_000) }).first()).toEqual({ at: 1_700_000_000_000 });
  });
});
