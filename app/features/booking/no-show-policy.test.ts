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
  NO_SHOW_LOOKBACK_MS,
  NO_SHOW_OFFER_AFTER_MS,
  type SlotFan,
  type SlotStart,
  START_WINDOW_BEFORE_MS,
} from "./no-show-policy";
import {
  canStartSlot,
  noShowOfferDue,
  noShowOfferDueSql,
  noShowRefundOffered,
  noShowRefundOfferedSql,
  startableSlotSql,
  streamerNoShowDue,
  streamerNoShowDueSql,
} from "./no-show-policy.server";

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

/**
 * The cron's own due windows and their SQL: `noShowOfferDue` (the offer's reminder, from 15 minutes after the start
 * until the no-show deadline) and `streamerNoShowDue` (the no-show sweep, an hour after the start, within its
 * look-back, on a slot that had fans: a booking still confirmed, or one refunded by the fan's tap after the start).
 */
describe("the no-show cron's due windows and their SQL", () => {
  const SWEEP_OFFSETS = [...OFFSETS, NO_SHOW_LOOKBACK_MS - 1, NO_SHOW_LOOKBACK_MS, NO_SHOW_LOOKBACK_MS + 1];
  const fansOf = new Map<string, SlotFan[]>();

  beforeAll(async () => {
    // Two slots whose only fans cancelled: one at the fan's no-show tap (after the start), one before the start.
    const { streamer } = await bookedSlot(new Date(START.getTime() + 100 * DAY), 100);
    for (const [index, cancelledAfterStart] of [true, false].entries()) {
      const startsAt = new Date(START.getTime() + (101 + index) * DAY);
      const state = { startsAt, endsAt: at({ startsAt }, 90 * MINUTE), status: "open" as const };
      const { id } = await createSlot(env.DB, streamer.id, null, startsAt, state);
      const fan = await createUser(env.DB);
      const booking = await createBooking(env.DB, { id, influencerId: streamer.id }, fan.id, "cancelled");
      const cancelledAt = at({ startsAt }, cancelledAfterStart ? 20 * MINUTE : -MINUTE);
      await getDb(env).update(bookings).set({ cancelledAt }).where(eq(bookings.id, booking.id));
      slotRows.push({ id, ...state, startedAt: null, noShowAt: null });
    }
    // Each slot's fans as the rows hold them: what the TypeScript decision is given.
    for (const slot of slotRows) {
      const { results } = await env.DB.prepare(
        "SELECT status, cancelled_at AS cancelledAt FROM bookings WHERE slot_id = ?",
      )
        .bind(slot.id)
        .all<{ status: BookingStatus; cancelledAt: number | null }>();
      fansOf.set(
        slot.id,
        results.map((row) => ({
          status: row.status,
          cancelledAt: row.cancelledAt === null ? null : new Date(row.cancelledAt),
        })),
      );
    }
  });

  it("the offer's reminder: agree on every booking status, slot state and instant", async () => {
    const decide = (c: RefundCase) => noShowOfferDue(c.booking.slot, c.booking.status, at(c.booking.slot, c.offset));
    const cases = refundCases();
    expect(await disagreements(cases, decide, refundHolds(noShowOfferDueSql))).toEqual([]);
    expect(cases.filter(decide).length).toBeGreaterThan(0);
    expect(cases.filter((c) => !decide(c) && decideRefund(c)).length).toBeGreaterThan(0);
  });

  it("the no-show sweep: agree on every slot state, its fans and instant, up to its look-back", async () => {
    const cases = slotRows.flatMap((slot) => SWEEP_OFFSETS.map((offset) => ({ slot, offset })));
    const decide = (c: (typeof cases)[number]) =>
      streamerNoShowDue(c.slot, fansOf.get(c.slot.id) ?? [], at(c.slot, c.offset));
    const holds = (c: (typeof cases)[number]) =>
      guardHolds(slots, slots.id, c.slot.id, streamerNoShowDueSql(at(c.slot, c.offset)));
    expect(await disagreements(cases, decide, holds)).toEqual([]);
    const due = new Set(cases.filter(decide).map((c) => c.slot.id));
    // Due on the slot whose fan tapped the refund after the start, not on the one cancelled before it.
    expect(due.has(slotRows.at(-2)?.id ?? "")).toBe(true);
    expect(due.has(slotRows.at(-1)?.id ?? "")).toBe(false);
    // The look-back one instant off is caught at its boundary.
    const lateLookback = (c: (typeof cases)[number]) => {
      const now = at(c.slot, c.offset);
      return guardHolds(
        slots,
        slots.id,
        c.slot.id,
        sql`${streamerNoShowDueSql(now)} AND ${col(slots.startsAt)} > ${now.getTime() - NO_SHOW_LOOKBACK_MS + 1}`,
      );
    };
    const off = await disagreements(cases, decide, lateLookback);
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((d) => d.case.offset === NO_SHOW_LOOKBACK_MS - 1 && d.ts && !d.sql)).toBe(true);
  });
});
