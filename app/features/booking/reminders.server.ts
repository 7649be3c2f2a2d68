import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { sendAlert } from "~/features/alerts/index.server";
import { notificationStatement } from "~/features/notifications/index.server";
import { recipientZone } from "~/features/time";
import { type Db, getDb, named } from "~/platform/db.server";
import { type EmailSender, emailSender } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { bookingReminders, bookings, gigs, type ReminderKind, slots, users } from "~db/schema";
import { reminderEmail } from "./emails";

/** When each reminder is due, before the slot's start. */
const REMINDER_LEAD_MS: Record<ReminderKind, number> = { "24h": 24 * 60 * 60_000, "15m": 15 * 60_000 };

/**
 * Claims the due reminders of one kind: one conditional insert against UNIQUE (booking_id, kind), returning only
 * the rows this call inserted (exported for the query-plan test).
 */
export function claimReminders(db: Db, kind: ReminderKind, now: Date) {
  const at = now.getTime();
  const lead = REMINDER_LEAD_MS[kind];
  const window =
    kind === "24h"
      ? and(
          lte(slots.startsAt, new Date(at + lead)),
          gt(slots.startsAt, new Date(at + REMINDER_LEAD_MS["15m"])),
          sql`${bookings.confirmedAt} <= ${slots.startsAt} - ${lead}`,
        )
      : and(lte(slots.startsAt, new Date(at + lead)), gt(slots.startsAt, now));
  return db
    .insert(bookingReminders)
    .select(
      db
        .select({
          id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
          bookingId: bookings.id,
          kind: sql<ReminderKind>`${kind}`.as("kind"),
          claimedAt: sql<Date>`${at}`.as("claimed_at"),
          sentAt: sql<Date | null>`NULL`.as("sent_at"),
        })
        .from(bookings)
        .innerJoin(slots, eq(slots.id, bookings.slotId))
        .where(and(eq(bookings.status, "confirmed"), eq(slots.status, "open"), window)),
    )
    .onConflictDoNothing()
    .returning({ id: bookingReminders.id, bookingId: bookingReminders.bookingId, kind: bookingReminders.kind });
}

function reminderDetails(db: Db, bookingIds: string[]) {
  return db
    .select(
      named({
        bookingId: bookings.id,
        userId: users.id,
        email: users.email,
        fullName: users.fullName,
        username: users.username,
        timeZone: users.timeZone,
        startsAt: slots.startsAt,
        streamerId: slots.streamerId,
        title: gigs.title,
      }),
    )
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(inArray(bookings.id, bookingIds));
}

/**
 * The cron's reminders: 24 hours and 15 minutes before a slot, every confirmed buyer gets an email and an in-app
 * notification, each once. A reminder is due once the slot is within its lead time (and, for the 24-hour one,
 * more than 15 minutes away, and only for bookings confirmed before the 24-hour mark: a fan who books 3 hours
 * ahead gets the 15-minute one only). Claiming is one `INSERT ... SELECT ... ON CONFLICT DO NOTHING RETURNING`
 * per kind against UNIQUE (booking_id, kind): a run sends exactly what it claimed, so overlapping or repeated
 * runs never send twice. An email that fails releases its claim, so the next run retries it (a provider that
 * failed after accepting the message could then send it twice; a crash between claim and send loses it).
 * Returns how many of each it sent.
 */
export async function sendBookingReminders(
  env: Env,
  now: Date = new Date(),
  sender: EmailSender = emailSender(env),
): Promise<Record<ReminderKind, number>> {
  const db = getDb(env);
  const [day, quarter] = await db.batch([claimReminders(db, "24h", now), claimReminders(db, "15m", now)]);
  const claimed = [...day, ...quarter];
  const sent: Record<ReminderKind, number> = { "24h": 0, "15m": 0 };
  if (claimed.length === 0) return sent;

  // D1 binds at most 100 parameters per query: read the claimed bookings in chunks.
  const ids = claimed.map((c) => c.bookingId);
  const chunks = Array.from({ length: Math.ceil(ids.length / 90) }, (_, i) => ids.slice(i * 90, i * 90 + 90));
  const rows = (await Promise.all(chunks.map((chunk) => reminderDetails(db, chunk)))).flat();
  const byBooking = new Map(rows.map((row) => [row.bookingId, row]));
  const origin = appOrigin(env);
  for (const reminder of claimed) {
    const row = byBooking.get(reminder.bookingId);
    if (!row) continue;
    const title = row.title ?? "your session";
    const when = reminder.kind === "24h" ? "in 24 hours" : "in 15 minutes";
    try {
      if (row.email) {
        await sender.send(
          reminderEmail({
            to: row.email,
            name: row.fullName || row.username,
            title,
            when,
            startsAt: row.startsAt,
            timeZone: recipientZone(row.timeZone),
            origin,
          }),
        );
      }
    } catch (error) {
      // The email did not go: release this claim (only while unsent) so the next run tries again, and go on
      // with the others.
      log.error("booking.reminder_failed", { reminderId: reminder.id, error });
      await db
        .delete(bookingReminders)
        .where(and(eq(bookingReminders.id, reminder.id), isNull(bookingReminders.sentAt)));
      continue;
    }
    await db.batch([
      notificationStatement(db, {
        userId: row.userId,
        type: "booking",
        title: `Reminder: ${title} starts ${when}`,
        url: "/profile#orders",
        influencerId: row.streamerId,
      }),
      db
        .update(bookingReminders)
        .set({ sentAt: now })
        .where(and(eq(bookingReminders.id, reminder.id), isNull(bookingReminders.sentAt))),
    ]);
    if (reminder.kind === "15m") {
      // Pushed to the fan's devices too (the email already went, so the alert's own fallback is not needed twice).
      await sendAlert(env, {
        key: `starts-soon:${reminder.bookingId}`,
        kind: "starts_soon",
        userId: row.userId,
        push: {
          title: `${title} starts in 15 minutes`,
          body: "Your booked session is about to start.",
          url: "/profile#orders",
          tag: `starts-soon-${reminder.bookingId}`,
        },
        email: null,
      });
    }
    sent[reminder.kind]++;
  }
  return sent;
}
