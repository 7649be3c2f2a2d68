/**
 * Waitlists of full slots (docs/domain.md "Waitlist place").
 *
 * A fan's place in a slot's line, with the seats they want. When seats free up, the first place in line whose seats
 * fit is OFFERED: its seats are held for that fan for HOLD_MINUTES, counted by the one seats-taken rule
 * (app/features/booking/seats.ts) like a booking's hold, so nobody else can take them meanwhile.
 *
 *   waiting --(seats fit, first in line)--> offered --(the fan books)--> accepted
 *      |                                        '--(offer runs out)--> lapsed
 *      '--(the fan leaves or books)--> left / accepted
 *
 * Invariants carried here:
 * - one live place per fan per slot: UNIQUE (slot_id, user_id) WHERE status IN ('waiting', 'offered'), which also
 *   makes a fan's live offer on a slot unique (a left or lapsed place stays as history; joining again is a new row);
 * - strict order: position is UNIQUE per slot and given by the joining insert itself (max + 1, in one statement);
 * - an offer has its offered_at and its expiry (CHECK), seats within 1..100 like a slot (CHECK), and never more than
 *   the slot's seats (trigger in the migration's hand-written block);
 * - no seat is offered twice and a slot is never over-booked: the offer is a conditional UPDATE whose WHERE holds the
 *   seat check (app/features/waitlist/offers.server.ts).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, unique, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { slots } from "./slots";
import { users } from "./users";

export const WAITLIST_STATUSES = ["waiting", "offered", "accepted", "lapsed", "left"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The place in line: 1, 2, 3... per slot, in the order fans joined. */
    position: integer("position").notNull(),
    seats: integer("seats").notNull(),
    status: text("status", { enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    offeredAt: timestamp("offered_at"),
    offerExpiresAt: timestamp("offer_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("waitlist_slot_position_unique").on(t.slotId, t.position),
    uniqueIndex("waitlist_live_place_unique").on(t.slotId, t.userId).where(sql`status IN ('waiting', 'offered')`),
    // The line itself: the offer's "first waiting place that fits" and the sweep's waiting places, without history.
    index("waitlist_waiting_idx").on(t.slotId, t.position).where(sql`status = 'waiting'`),
    // "My places in line" (the profile).
    index("waitlist_user_status_idx").on(t.userId, t.status),
    // Offers running out (the every-minute sweep).
    index("waitlist_offer_expiry_idx").on(t.offerExpiresAt).where(sql`status = 'offered'`),
    enumCheck("waitlist_status_check", t.status, WAITLIST_STATUSES),
    check("waitlist_seats_check", sql`${t.seats} BETWEEN 1 AND 100`),
    check("waitlist_position_check", sql`${t.position} >= 1`),
    check(
      "waitlist_offer_check",
      sql`${t.status} <> 'offered' OR (${t.offeredAt} IS NOT NULL AND ${t.offerExpiresAt} IS NOT NULL)`,
    ),
  ],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
