import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { col } from "~/platform/db.server";
import { bookings, slots } from "~db/schema";
import { createUser } from "~tests/factories";
import { type BookingInState, bookingGuardHolds, bookingsInEveryState, disagreements } from "~tests/support/twins";
import { awaitingMoveSql } from "./move-offer-sql.server";
import { RESCHEDULE_BEFORE_MS } from "./reschedule-policy";
import { reschedulableBookingSql, rescheduleTerms } from "./reschedule-policy.server";

/**
 * Moving a booking: `rescheduleTerms` (what the pages and the use case decide) and `reschedulableBookingSql` (the
 * guard of the move's conditional write) agree over every booking status, with and without a move offer awaiting the
 * fan (or one already answered), for the buyer, another fan and the slot's streamer, 1 ms around the deadline.
 */

const START = new Date("2027-06-01T18:00:00Z");
const BEFORE_MS = [RESCHEDULE_BEFORE_MS + 1, RESCHEDULE_BEFORE_MS, RESCHEDULE_BEFORE_MS - 1, 0, -1];
const MOVERS = ["buyer", "another fan", "streamer"] as const;

type Case = BookingInState & { mover: (typeof MOVERS)[number]; moverId: string; before: number };

const rows: BookingInState[] = [];
const people = { streamer: "", anotherFan: "" };

beforeAll(async () => {
  const world = await bookingsInEveryState(START);
  rows.push(...world.rows);
  people.streamer = world.streamer.id;
  people.anotherFan = (await createUser(env.DB)).id;
});

const cases = (): Case[] =>
  rows.flatMap((row) =>
    MOVERS.flatMap((mover) =>
      BEFORE_MS.map((before) => ({
        ...row,
        mover,
        moverId: mover === "buyer" ? row.buyerId : mover === "streamer" ? people.streamer : people.anotherFan,
        before,
      })),
    ),
  );

const nowOf = (c: Case) => new Date(START.getTime() - c.before);

const decide = (c: Case) =>
  rescheduleTerms(
    { userId: c.buyerId, status: c.status, startsAt: START, awaitingMove: c.offer === "offered" },
    c.moverId,
    nowOf(c),
  ).allowed;

const holds = (guard: (moverId: string, now: Date) => SQL) => (c: Case) =>
  bookingGuardHolds(c.bookingId, guard(c.moverId, nowOf(c)));

describe("the reschedule policy and its SQL guard", () => {
  it("agree on every status, move offer, mover and instant around the deadline", async () => {
    const all = cases();
    expect(all.length).toBe(rows.length * MOVERS.length * BEFORE_MS.length);
    expect(await disagreements(all, decide, holds(reschedulableBookingSql))).toEqual([]);
    expect(all.filter(decide).length).toBeGreaterThan(0);
  });

  it("says why it refuses: someone else's booking, a move offer awaiting, not confirmed, too late", () => {
    const booking = { userId: "fan", status: "confirmed", startsAt: START, awaitingMove: false } as const;
    const early = new Date(START.getTime() - RESCHEDULE_BEFORE_MS - 1);
    expect(rescheduleTerms(booking, "fan", early)).toEqual({ allowed: true });
    expect(rescheduleTerms(booking, "other", early)).toEqual({ allowed: false, reason: "not_buyer" });
    expect(rescheduleTerms({ ...booking, awaitingMove: true }, "fan", early)).toEqual({
      allowed: false,
      reason: "awaiting_move",
    });
    expect(rescheduleTerms({ ...booking, status: "held" }, "fan", early)).toEqual({
      allowed: false,
      reason: "not_confirmed",
    });
    expect(rescheduleTerms(booking, "fan", new Date(START.getTime() - RESCHEDULE_BEFORE_MS))).toEqual({
      allowed: false,
      reason: "too_late",
    });
  });

  it("a guard one comparison off (>= for >) is caught exactly at the deadline", async () => {
    const offByOne = (moverId: string, now: Date) =>
      sql`${col(bookings.userId)} = ${moverId} AND ${col(bookings.status)} = 'confirmed'
        AND NOT ${awaitingMoveSql(col(bookings.id))}
        AND (SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}) >= ${now.getTime() + RESCHEDULE_BEFORE_MS}`;
    const found = await disagreements(cases(), decide, holds(offByOne));
    expect(found.map((d) => [d.case.mover, d.case.before, d.case.status, d.case.offer, d.ts, d.sql])).toEqual([
      ["buyer", RESCHEDULE_BEFORE_MS, "confirmed", "none", false, true],
      ["buyer", RESCHEDULE_BEFORE_MS, "confirmed", "refunded", false, true],
    ]);
  });
});
