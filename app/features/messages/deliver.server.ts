import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { notificationStatement, pushToUser } from "~/features/notifications/index.server";
import { getDb, selectInChunks } from "~/platform/db.server";
import { type EmailSender, emailSender } from "~/platform/email/email.server";
import { enqueueJobs, retryDelaySeconds } from "~/platform/jobs.server";
import { log } from "~/platform/log.server";
import { OUTBOX_MAX_ATTEMPTS, type OutboxMessage, outboxMessages } from "~db/schema";
import { renderMessage } from "./templates.server";

/**
 * Delivers outbox rows (db/schema/outbox.ts): each pending row is rendered from its template with the data as it
 * is now, then sent (email) or written (notification) and marked sent. At least once: a failure is recorded on the
 * row (attempts, last error, next attempt after a backoff) and retried through the JOBS queue and the cron sweep.
 * Never twice: a notification's row id is the message's key and is written in the same batch as the `sent` mark;
 * an email carries the key as its idempotency key.
 */
export type Delivery = { sent: string[]; failed: string[] };

async function deliverOne(env: Env, row: OutboxMessage, sender: EmailSender, now: Date): Promise<void> {
  const db = getDb(env);
  const markSent = db
    .update(outboxMessages)
    .set({ status: "sent", sentAt: now, lastError: null, nextAttemptAt: null })
    .where(and(eq(outboxMessages.id, row.id), inArray(outboxMessages.status, ["pending", "failed"])));
  const rendered = await renderMessage(env, row);
  if (!rendered) {
    // Nothing to send any more (the fan has no email address, the order is gone): done.
    await markSent;
    return;
  }
  if (rendered.channel === "notification") {
    await db.batch([notificationStatement(db, rendered.notification, row.id).onConflictDoNothing(), markSent]);
    await pushToUser(env, rendered.notification.userId);
    return;
  }
  await sender.send(rendered.email, { idempotencyKey: row.id });
  await markSent;
}

async function recordFailure(env: Env, row: OutboxMessage, error: unknown, now: Date): Promise<number> {
  const attempts = row.attempts + 1;
  const delay = retryDelaySeconds(attempts);
  const message = error instanceof Error ? error.message : String(error);
  log.error("outbox.delivery_failed", {
    messageId: row.id,
    channel: row.channel,
    template: row.template,
    attempts,
    givenUp: attempts >= OUTBOX_MAX_ATTEMPTS,
    error: message,
  });
  await getDb(env)
    .update(outboxMessages)
    .set({
      attempts,
      lastError: message.slice(0, 500),
      status: attempts >= OUTBOX_MAX_ATTEMPTS ? "failed" : "pending",
      nextAttemptAt: new Date(now.getTime() + delay * 1000),
    })
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, "pending")));
  return delay;
}

async function deliverRows(env: Env, rows: OutboxMessage[], now: Date): Promise<Delivery> {
  const result: Delivery = { sent: [], failed: [] };
  let sender: EmailSender | null = null;
  let retryAfter = 0;
  for (const row of rows) {
    try {
      if (row.channel === "email") sender ??= emailSender(env);
      await deliverOne(env, row, sender as EmailSender, now);
      result.sent.push(row.id);
    } catch (error) {
      result.failed.push(row.id);
      try {
        const delay = await recordFailure(env, row, error, now);
        if (row.attempts + 1 < OUTBOX_MAX_ATTEMPTS) retryAfter = Math.max(retryAfter, delay);
      } catch (recordError) {
        log.error("outbox.failure_unrecorded", { messageId: row.id, error, recordError });
      }
    }
  }
  if (result.failed.length > 0 && retryAfter > 0) {
    await enqueueJobs(
      env,
      result.failed.map((id) => ({ job: "message", id })),
      retryAfter,
    );
  }
  return result;
}

/** Delivers the pending messages among `ids` (right after the change that wrote them, or from a queued job). */
export async function deliverMessages(env: Env, ids: readonly string[], now = new Date()): Promise<Delivery> {
  const db = getDb(env);
  const rows = await selectInChunks(ids, (chunk) =>
    db
      .select()
      .from(outboxMessages)
      .where(and(inArray(outboxMessages.id, chunk), eq(outboxMessages.status, "pending"))),
  );
  return deliverRows(env, rows, now);
}

/** The cron's sweep: pending messages whose next attempt is due (a lost job, a crash before the first try). */
export async function deliverDueMessages(env: Env, now = new Date(), limit = 50): Promise<Delivery> {
  const rows = await getDb(env)
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.nextAttemptAt, now)))
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(limit);
  return deliverRows(env, rows, now);
}
