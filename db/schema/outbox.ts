/**
 * The outbox: emails and in-app notifications caused by a change, written as rows in the same batch as the change
 * (so a committed change never loses its message), delivered at least once by app/features/messages (inline right
 * after the change, then by the JOBS queue's consumer and the every-minute cron until sent).
 *
 * Invariants carried here:
 * - one row per message: the id IS the deduplication key (e.g. `slot-cancelled:<booking id>:email`), so writing the
 *   same cause twice (`INSERT ... ON CONFLICT DO NOTHING`) queues one message;
 * - a message is rendered when it is delivered, from its template and params, with the data as it is then;
 * - delivery is never twice for a notification (its row id is the outbox id) and at most once more than needed for
 *   an email only if the provider accepted it but the `sent` mark failed (the provider gets the key as its
 *   Idempotency-Key, the development outbox stores by it).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, enumCheck, type JsonValue, timestamp } from "./columns";

export const OUTBOX_CHANNELS = ["email", "notification"] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** After this many failed attempts a message is marked failed (kept, listed for staff, retried by hand). */
export const OUTBOX_MAX_ATTEMPTS = 8;

export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    /** The deduplication key. */
    id: text("id").primaryKey(),
    channel: text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
    /** Which renderer builds the message (app/features/messages/templates.server.ts). */
    template: text("template").notNull(),
    params: text("params", { mode: "json" }).$type<JsonValue>().notNull(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("outbox_messages_channel_check", t.channel, OUTBOX_CHANNELS),
    enumCheck("outbox_messages_status_check", t.status, OUTBOX_STATUSES),
    check("outbox_messages_attempts_check", sql`${t.attempts} >= 0`),
    check("outbox_messages_sent_check", sql`(${t.status} = 'sent') = (${t.sentAt} IS NOT NULL)`),
    index("outbox_messages_owed_idx").on(t.status, t.nextAttemptAt).where(sql`status <> 'sent'`),
  ],
);

export type OutboxMessage = typeof outboxMessages.$inferSelect;
