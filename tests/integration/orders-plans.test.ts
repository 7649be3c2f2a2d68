import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { userOrdersQueries } from "~/features/booking/orders.server";
import { claimReminders } from "~/features/booking/reminders.server";
import { getDb } from "~/platform/db.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "../factories";
import { fullScans } from "../full-scans";

/**
 * The after-purchase queries that run per page or per cron tick: no plan may read a large table (orders,
 * bookings, slots, users) in full. A few hundred orders of many fans are enough for SQLite to plan as it would
 * at scale; the check runs before and after ANALYZE.
 */
async function planOf(query: { sql: string; params: unknown[] }) {
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return result.results.map((row) => row.detail);
}

async function world() {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(env.DB)));
  for (let i = 0; i < 40; i++) {
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + (i + 1) * 3_600_000), {
      seats: 10,
    });
    for (const fan of fans.slice(0, 5 + (i % 10))) {
      await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    }
  }
  return { fan: fans[0] };
}

describe("query plans of the orders and reminders", () => {
  it("read by index, before and after ANALYZE", async () => {
    const { fan } = await world();
    const db = getDb(env);
    const now = new Date();
    const queries = {
      "orders page": userOrdersQueries(db, fan?.id ?? "", { page: 2, limit: 10 })[0],
      "orders count": userOrdersQueries(db, fan?.id ?? "", { page: 1, limit: 10 })[1],
      "orders of a month": userOrdersQueries(db, fan?.id ?? "", {
        page: 1,
        limit: 15,
        month: { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 },
      })[0],
      "claim 24h reminders": claimReminders(db, "24h", now),
      "claim 15m reminders": claimReminders(db, "15m", now),
    };
    for (const analyzed of [false, true]) {
      if (analyzed) await env.DB.exec("ANALYZE");
      const failures: string[] = [];
      for (const [name, query] of Object.entries(queries)) {
        const plan = await planOf(query.toSQL());
        // fullScans reads "SCAN t" exactly; a scan on the right of a LEFT JOIN is written "SCAN t LEFT-JOIN".
        const problems = fullScans(plan.map((detail) => detail.replace(/ LEFT-JOIN$/, "")));
        if (problems.length > 0) failures.push(`${name}${analyzed ? " (analyzed)" : ""}: ${plan.join(" | ")}`);
      }
      expect(failures, failures.join("\n")).toEqual([]);
    }
  });
});
