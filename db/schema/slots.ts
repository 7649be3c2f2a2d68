/**
 * Slots (bookable time windows), bookings of seats in them, the gamer tags of each booked
 * player, and lobby codes.
 *
 * Invariants carried here:
 * - a slot belongs to one influencer and optionally one of THEIR gigs:
 *   FK (product_id, influencer_id) -> products(id, influencer_id);
 * - ends_at > starts_at; seats >= 1; an influencer has at most one slot starting at a given
 *   instant (UNIQUE (influencer_id, starts_at), which also makes "add slots" idempotent);
 * - a booking belongs to exactly one order, and the order is for the same slot and the same
 *   buyer: FK (order_id, slot_id, user_id) -> orders(id, slot_id, user_id), and order_id is
 *   UNIQUE, so an order never has two bookings;
 * - a held booking has a hold expiry (CHECK);
 * - seats held or confirmed on a slot never exceed slots.seats. There is deliberately no
 *   counter column: the booking is a conditional insert, atomic in SQLite's single writer:
 *     INSERT INTO bookings (...) SELECT ... WHERE
 *       (SELECT coalesce(sum(seats), 0) FROM bookings WHERE slot_id = :slot
 *          AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > :now)))
 *       + :seats <= (SELECT seats FROM slots WHERE id = :slot AND status = 'open')
 *   An expired hold stops counting at hold_expires_at even before a sweeper marks it
 *   'expired'. bookings_slot_status_idx makes the sum an index range;
 * - one gamer tag per seat: booking_gamertags(booking_id, position) is UNIQUE (position is
 *   0..seats-1, checked by the use case);
 * - a lobby code belongs to exactly one slot or one live session, one code each.
 */
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { bool, createdAt, enumCheck, id, timestamp, updatedAt } from "./columns";
import { gigs } from "./gigs";
import { streamerProfiles } from "./influencers";
import { liveSessions } from "./live";
import { orders } from "./orders";
import { users } from "./users";

/** 'full' and 'past' are derived from bookings and time, not stored. */
export const SLOT_STATUSES = ["open", "cancelled"] as const;

export const slots = sqliteTable(
  "slots",
  {
    id: id(),
    streamerId: text("influencer_id")
      .notNull()
      .references(() => streamerProfiles.userId, { onDelete: "cascade" }),
    gigId: text("product_id"),
    startsAt: timestamp("starts_at").notNull(),
    endsAt: timestamp("ends_at").notNull(),
    seats: integer("seats").notNull(),
    status: text("status", { enum: SLOT_STATUSES }).notNull().default("open"),
    /** When its streamer pressed "Start session" (null: not started). Never both this and `noShowAt`: each is a conditional write on the other being null. */
    startedAt: timestamp("started_at"),
    /** When the cron found it not started an hour after its start and refunded its fans (a streamer no-show). */
    noShowAt: timestamp("no_show_at"),
    /**
     * A drop: its streamer expects a rush, so the slot is in high demand from its first booking (the bot check on
     * booking and waitlist joins, one unpaid hold per account; app/features/seats/demand.ts, docs/decisions/042).
     */
    isDrop: bool("is_drop").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "slots_product_fk",
      columns: [t.gigId, t.streamerId],
      foreignColumns: [gigs.id, gigs.streamerId],
    }).onDelete("cascade"),
    // Parent key for orders(slot_id, influencer_id): an order pays the slot's own influencer.
    unique("slots_id_influencer_unique").on(t.id, t.streamerId),
    // Also the index of "slots of influencer by start time" (calendar, month view, upcoming).
    unique("slots_influencer_starts_unique").on(t.streamerId, t.startsAt),
    index("slots_product_starts_idx").on(t.gigId, t.startsAt),
    index("slots_starts_idx").on(t.startsAt),
    enumCheck("slots_status_check", t.status, SLOT_STATUSES),
    check("slots_time_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("slots_seats_check", sql`${t.seats} BETWEEN 1 AND 100`),
  ],
);

export const BOOKING_STATUSES = ["held", "confirmed", "completed", "cancelled", "expired", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Statuses whose seats count against the slot's capacity (held only until hold_expires_at). */
export const SEAT_TAKING_BOOKING_STATUSES = ["held", "confirmed"] as const satisfies readonly BookingStatus[];

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: text("order_id").notNull().unique(),
    seats: integer("seats").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("held"),
    holdExpiresAt: timestamp("hold_expires_at"),
    confirmedAt: timestamp("confirmed_at"),
    cancelledAt: timestamp("cancelled_at"),
    /**
     * The SEQUENCE of the booking's calendar invite (RFC 5545): 0 at confirmation, one more at each move to another
     * slot, so a fan's calendar takes the new time; a cancellation's invite carries one more than the last.
     */
    inviteSequence: integer("invite_sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "bookings_order_fk",
      columns: [t.orderId, t.slotId, t.userId],
      foreignColumns: [orders.id, orders.slotId, orders.userId],
    }).onDelete("restrict"),
    enumCheck("bookings_status_check", t.status, BOOKING_STATUSES),
    check("bookings_seats_check", sql`${t.seats} >= 1`),
    check("bookings_hold_check", sql`${t.status} <> 'held' OR ${t.holdExpiresAt} IS NOT NULL`),
    check(
      "bookings_confirmed_check",
      sql`${t.status} NOT IN ('confirmed', 'completed', 'no_show') OR ${t.confirmedAt} IS NOT NULL`,
    ),
    // Seat sum per slot (capacity check) and "who booked this slot".
    index("bookings_slot_status_idx").on(t.slotId, t.status),
    // "My upcoming / past sessions".
    index("bookings_user_status_idx").on(t.userId, t.status, t.createdAt),
    // Sweeper of expired holds.
    index("bookings_hold_idx").on(t.holdExpiresAt).where(sql`status = 'held'`),
  ],
);

export const bookingGamertags = sqliteTable(
  "booking_gamertags",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** Which seat of the booking (0-based, < bookings.seats). */
    position: integer("position").notNull(),
    gamertag: text("gamertag").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("booking_gamertags_booking_position_unique").on(t.bookingId, t.position),
    check("booking_gamertags_position_check", sql`${t.position} >= 0`),
    check("booking_gamertags_tag_check", sql`length(${t.gamertag}) BETWEEN 1 AND 64`),
  ],
);

export const lobbyCodes = sqliteTable(
  "lobby_codes",
  {
    id: id(),
    slotId: text("slot_id")
      .unique()
      .references(() => slots.id, { onDelete: "cascade" }),
    liveSessionId: text("live_session_id")
      .unique()
      .references(() => liveSessions.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("lobby_codes_owner_check", sql`(${t.slotId} IS NULL) <> (${t.liveSessionId} IS NULL)`),
    check("lobby_codes_code_check", sql`length(${t.code}) BETWEEN 1 AND 64`),
  ],
);

export type Slot = typeof slots.$inferSelect;
export type NewSlot = typeof slots.$inferInsert;
export type Booking = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type BookingGamertag = typeof bookingGamertags.$inferSelect;
export type LobbyCode = typeof lobbyCodes.$inferSelect;
