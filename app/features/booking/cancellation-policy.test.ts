import { and, eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { col } from "~/platform/db.server";
import { BOOKING_STATUSES, bookings, slots } from "~db/schema";
import {
  type BookingInState,
  bookingGuardHolds,
  bookingsInEveryState,
  disagreements,
  MOVE_OFFER_CASES,
} from "~tests/support/twins";
import { type Canceller, FULL_REFUND_BEFORE_MS, PARTIAL_REFUND_BEFORE_MS } from "./cancellation-policy";
import { cancellableBookingSql, cancellationTerms } from "./cancellation-policy.server";
import { awaitingMoveSql } from "./move-offer-sql.server";

/**
 * The Cancellation Policy's two twins agree: `cancellationTerms` (what the pages and use cases decide) and
 * `cancellableBookingSql` (the guard of the conditional write), over every booking status, with and without a move
 * offer awaiting the fan (or one already answered), for each canceller, 1 ms around each boundary.
 */

const START = new Date("2027-06-01T18:00:00Z");
const CANCELLERS: Canceller[] = ["buyer", "streamer", "staff"];
/** How long before the start each case cancels: around the tiers' edges and the start itself. */
const BEFORE_MS = [
  FULL_REFUND_BEFORE_MS + 1,
  FULL_REFUND_BEFORE_MS,
  FULL_REFUND_BEFORE_MS - 1,
  PARTIAL_REFUND_BEFORE_MS,
  PARTIAL_REFUND_BEFORE_MS - 1,
  1,
  0,
  -1,
];

type Case = BookingInState & { by: Canceller; before: number };

const rows: BookingInState[] = [];

beforeAll(async () => {
  rows.push(...(await bookingsInEveryState(START)).rows);
});

const cases = (): Case[] =>
  rows.flatMap((row) => CANCELLERS.flatMap((by) => BEFORE_MS.map((before) => ({ ...row, by, before }))));

const nowOf = (c: Case) => new Date(START.getTime() - c.before);

/** The TypeScript decision on a case's booking, as the use case reads it. */
const decide = (c: Case) =>
  cancellationTerms(c.by, { status: c.status, startsAt: START, awaitingMove: c.offer === "offered" }, nowOf(c)).allowed;

/** A guard evaluated on the case's real booking row. */
const holds = (guard: (by: Canceller, now: Date) => SQL | undefined) => (c: Case) =>
  bookingGuardHolds(c.bookingId, guard(c.by, nowOf(c)));

describe("the cancellation policy and its SQL guard", () => {
  it("agree on every status, move offer, canceller and instant around the boundaries", async () => {
    const all = cases();
    expect(all.length).toBe(BOOKING_STATUSES.length * MOVE_OFFER_CASES.length * CANCELLERS.length * BEFORE_MS.length);
    expect(await disagreements(all, decide, holds(cancellableBookingSql))).toEqual([]);
    // The table is not trivially one-sided: some cases are allowed, most are not.
    expect(all.filter(decide).length).toBeGreaterThan(0);
    expect(all.filter((c) => !decide(c)).length).toBeGreaterThan(0);
  });

  it("a move offer awaiting its fan refuses every canceller, with its own reason", () => {
    for (const by of CANCELLERS) {
      expect(cancellationTerms(by, { status: "confirmed", startsAt: START, awaitingMove: true }, new Date(0))).toEqual({
        allowed: false,
        reason: "awaiting_move",
      });
    }
  });

  it("a guard one comparison off (>= for >) is caught exactly at the start, for the buyer and staff", async () => {
    const offByOne = (by: Canceller, now: Date) =>
      and(
        eq(bookings.status, "confirmed"),
        sql`NOT ${awaitingMoveSql(col(bookings.id))}`,
        by === "streamer"
          ? undefined
          : sql`(SELECT ${col(slots.startsAt)} FROM ${slots} WHERE ${col(slots.id)} = ${col(bookings.slotId)}) >= ${now.getTime()}`,
      );
    const found = await disagreements(cases(), decide, holds(offByOne));
    expect(found.map((d) => [d.case.by, d.case.before, d.case.status, d.case.offer, d.ts, d.sql])).toEqual([
      ["buyer", 0, "confirmed", "none", false, true],
      ["staff", 0, "confirmed", "none", false, true],
      ["buyer", 0, "confirmed", "refunded", false, true],
      ["staff", 0, "confirmed", "refunded", false, true],
    ]);
  });
});
