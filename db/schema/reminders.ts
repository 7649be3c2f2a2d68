/**
 * Reminders of booked sessions (24 hours and 15 minutes before the slot, by email and in the app).
 *
 * Invariants carried here:
 * - a booking gets each reminder at most once: UNIQUE (booking_id, kind). The cron claims a reminder
 *   with `INSERT ... SELECT ... ON CONFLICT DO NOTHING RETURNING`, and sends only what its own insert
 *   returned, so two overlapping runs (or a run repeated) never send one twice;
 * - kind is CHECKed; sent_at is set once the email and the notification went out (a claim without it
 *   is a send that failed after the claim).
 */
import { sql } from "drizzle-orm";
import { index, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { enumCheck, id, timestamp } from "./columns";
import { bookings } from "./slots";

export const REMINDER_KINDS = ["24h", "15m"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const bookingReminders = sqliteTable(
  "booking_reminders",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    claimedAt: timestamp("claimed_at").notNull(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [
    unique("booking_reminders_booking_kind_unique").on(t.bookingId, t.kind),
    enumCheck("booking_reminders_kind_check", t.kind, REMINDER_KINDS),
    index("booking_reminders_unsent_idx").on(t.claimedAt).where(sql`sent_at IS NULL`),
  ],
);

export type BookingReminder = typeof bookingReminders.$inferSelect;
