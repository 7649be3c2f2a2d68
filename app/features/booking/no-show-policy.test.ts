import { env } from "cloudflare:workers";
import { eq, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { col, getDb } from "~/platform/db.server";
import { BOOKING_STATUSES, type BookingStatus, bookings, slots } from "~db/schema";
import { createBooking, createSlot, createUser } from "~tests/factories";
import { bookedSlot } from "~tests/support/booked-slot";
import { bookingGuardHolds, disagreements, guardHolds } from "~tests/support/twins";
import {
  NO_SHOW_AUTO_AFTER_MS,
  NO_SHOW_OFFER_AFTER_MS,
  type SlotStart,
  START_WINDOW_BEFORE_MS,
} from "./no-show-policy";
import { canStartSlot, noShowRefundOffered, noShowRefundOfferedSql, startableSlotSql } from "./no-show-policy.server";

/**
 * The streamer no-show rule's twins agree: `canStartSlot` and `startableSlotSql` (the start's conditional write), and
 * `noShowRefundOffered` and `noShowRefundOfferedSql` (the refund tap's), over every slot state (open or cancelled,
 * started or not, a no-show or not; a session shorter and longer than the no-show deadline) and booking status,
 * 1 ms around each boundary.
 */

const START = new Date("2027-06-01T18:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The instant `offset` after the slot's start. */
const at = (slot: { startsAt: Date }, offset: number) => new Date(slot.startsAt.getTime() + offset);
/** Instants relative to the start: around the start window's opening, the offer, a 30-minute end and the deadline. */
const OFFSETS = [
  -START_WINDOW_BEFORE_MS - 1,
  -START_WINDOW_BEFORE_MS,
  -START_WINDOW_BEFORE_MS + 1,
  0,
  NO_SHOW_OFFER_AFTER_MS - 1,
  NO_SHOW_OFFER_AFTER_MS,
  NO_SHOW_OFFER_AFTER_MS + 1,
  30 * MINUTE - 1,
  30 * MINUTE,
  NO_SHOW_AUTO_AFTER_MS - 1,
  NO_SHOW_AUTO_AFTER_MS,
  NO_SHOW_AUTO_AFTER_MS + 1,
];

type SlotRow = SlotStart & { id: string };
type BookingRow = { id: string; status: BookingStatus; slot: SlotRow };

const slotRows: SlotRow[] = [];
const bookingRows: BookingRow[] = [];

beforeAll(async () => {
  // One slot per state, a day apart (a streamer has one slot per start), beside the first one at START.
  const { streamer } = await bookedSlot(START, 100);
  const db = getDb(env);
  for (const minutes of [30, 90]) {
    for (const status of ["open", "cancelled"] as const) {
      for (const startedAt of [false, true]) {
        for (const noShowAt of [false, true]) {
          const startsAt = new Date(START.getTime() + (slotRows.length + 1) * DAY);
          const state = {
            startsAt,
            endsAt: at({ startsAt }, minutes * MINUTE),
            status,
            startedAt: startedAt ? at({ startsAt }, -MINUTE) : null,
            noShowAt: noShowAt ? at({ startsAt }, NO_SHOW_AUTO_AFTER_MS) : null,
          };
          const { id } = await createSlot(env.DB, streamer.id, null, startsAt, state);
          const slot = { id, ...state };
          slotRows.push(slot);
          if (minutes !== 90) continue;
          for (const bookingStatus of BOOKING_STATUSES) {
            const fan = await createUser(env.DB);
            const created = bookingStatus === "completed" || bookingStatus === "no_show" ? "confirmed" : bookingStatus;
            const booking = await createBooking(env.DB, { id, influencerId: streamer.id }, fan.id, created);
            if (created !== bookingStatus) {
              await db.update(bookings).set({ status: bookingStatus }).where(eq(bookings.id, booking.id));
            }
            bookingRows.push({ id: booking.id, status: bookingStatus, slot });
          }
        }
      }
    }
  }
});

const startCases = () => slotRows.flatMap((slot) => OFFSETS.map((offset) => ({ slot, offset })));
type StartCase = ReturnType<typeof startCases>[number];
const refundCases = () => bookingRows.flatMap((booking) => OFFSETS.map((offset) => ({ booking, offset })));
type RefundCase = ReturnType<typeof refundCases>[number];

const decideStart = (c: StartCase) => canStartSlot(c.slot, at(c.slot, c.offset));
const startHolds = (guard: (now: Date) => SQL) => (c: StartCase) =>
  guardHolds(slots, slots.id, c.slot.id, guard(at(c.slot, c.offset)));

const decideRefund = (c: RefundCase) =>
  noShowRefundOffered(c.booking.slot, c.booking.status, at(c.booking.slot, c.offset));
const refundHolds = (guard: (now: Date) => SQL) => (c: RefundCase) =>
  bookingGuardHolds(c.booking.id, guard(at(c.booking.slot, c.offset)));

describe("the streamer no-show rule and its SQL guards", () => {
  it("starting a slot: agree on every slot state and instant around the window and the deadline", async () => {
    const cases = startCases();
    expect(cases.length).toBe(16 * OFFSETS.length);
    expect(await disagreements(cases, decideStart, startHolds(startableSlotSql))).toEqual([]);
    expect(cases.filter(decideStart).length).toBeGreaterThan(0);
  });

  it("the no-show refund tap: agree on every booking status, slot state and instant around the offer", async () => {
    const cases = refundCases();
    expect(cases.length).toBe(8 * BOOKING_STATUSES.length * OFFSETS.length);
    expect(await disagreements(cases, decideRefund, refundHolds(noShowRefundOfferedSql))).toEqual([]);
    expect(cases.filter(decideRefund).length).toBeGreaterThan(0);
  });

  it("guards one comparison off are caught at their boundary", async () => {
    // The start window opening one instant late (< for <=).
    const lateWindow = (now: Date) =>
      sql`${startableSlotSql(now)} AND ${col(slots.startsAt)} < ${now.getTime() + START_WINDOW_BEFORE_MS}`;
    const start = await disagreements(startCases(), decideStart, startHolds(lateWindow));
    expect(start.map((d) => [d.case.offset, d.ts, d.sql])).toEqual([
      [-START_WINDOW_BEFORE_MS, true, false],
      [-START_WINDOW_BEFORE_MS, true, false],
    ]);
    // The refund offered one instant late (< for <=).
    const lateOffer = (now: Date) => sql`${col(bookings.status)} = 'confirmed' AND EXISTS (SELECT 1 FROM ${slots} s
      WHERE s.id = ${col(bookings.slotId)} AND s.status = 'open' AND s.started_at IS NULL AND s.no_show_at IS NULL
      AND s.starts_at < ${now.getTime() - NO_SHOW_OFFER_AFTER_MS})`;
    const refund = await disagreements(refundCases(), decideRefund, refundHolds(lateOffer));
    expect(refund.map((d) => [d.case.booking.status, d.case.offset, d.ts, d.sql])).toEqual([
      ["confirmed", NO_SHOW_OFFER_AFTER_MS, true, false],
    ]);
  });
});
