/**
 * Offers of another time, made by a streamer who cannot make a booked slot (docs/domain.md "A move offered by the
 * streamer"): one row per booking of the slot, waiting for its fan's answer.
 *
 *   offered --(the fan takes the new time)--> moved
 *      '--(the fan asks for the refund, or no answer by expires_at)--> refunded
 *      '--(the streamer withdraws the offer while no fan of the slot answered)--> row deleted, the slot reopened
 *
 * Invariants carried here:
 * - a booking has at most one offer waiting: UNIQUE (booking_id) WHERE state = 'offered' (a booking moved by an offer
 *   may later be offered another time by the new slot's streamer: a new row);
 * - while offered, its seats on the new slot are held for its fan, counted by the one seats-taken rule
 *   (app/features/seats/seats.ts) like a waitlist offer, until expires_at;
 * - each answer is a conditional update on state = 'offered', so the fan's choice, a second tab's and the cron leave
 *   one outcome; decision_id names the one batch that decided it (the refund's statements find their booking by it).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { enumCheck, id, timestamp } from "./columns";
import { bookings, slots } from "./slots";
import { users } from "./users";

export const MOVE_OFFER_STATES = ["offered", "moved", "refunded"] as const;
export type MoveOfferState = (typeof MOVE_OFFER_STATES)[number];

export const moveOffers = sqliteTable(
  "move_offers",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromSlotId: text("from_slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    toSlotId: text("to_slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    seats: integer("seats").notNull(),
    state: text("state", { enum: MOVE_OFFER_STATES }).notNull().default("offered"),
    /** When an unanswered offer is refunded: 48 hours after the offer or the old slot's start, whichever is first. */
    expiresAt: timestamp("expires_at").notNull(),
    decidedAt: timestamp("decided_at"),
    decisionId: text("decision_id"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("move_offers_waiting_unique").on(t.bookingId).where(sql`state = 'offered'`),
    // Seats held on the new slot (the seats-taken rule).
    index("move_offers_to_slot_idx").on(t.toSlotId).where(sql`state = 'offered'`),
    // Offers running out (the every-minute cron).
    index("move_offers_expiry_idx").on(t.expiresAt).where(sql`state = 'offered'`),
    index("move_offers_order_idx").on(t.orderId),
    index("move_offers_decision_idx").on(t.decisionId),
    enumCheck("move_offers_state_check", t.state, MOVE_OFFER_STATES),
    check("move_offers_seats_check", sql`${t.seats} >= 1`),
    check("move_offers_slots_check", sql`${t.fromSlotId} <> ${t.toSlotId}`),
  ],
);

export type MoveOffer = typeof moveOffers.$inferSelect;
