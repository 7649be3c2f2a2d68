import { type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { JsonValue, OutboxChannel } from "~db/schema";
import { outboxMessages } from "~db/schema";
import type { Db } from "./db.server";

/**
 * Writing to the outbox (db/schema/outbox.ts): a message caused by a change is a row in the change's own batch,
 * keyed by what caused it, so it is never lost and never queued twice. app/features/messages delivers the rows.
 */
export type OutboxEntry = { key: string; channel: OutboxChannel; template: string; params: JsonValue };

/**
 * One message, for the caller's batch; a key already written is left alone. With `when`, it is written only if that
 * condition holds once the statements before it in the batch have run (e.g. "the order turned paid").
 */
export function outboxStatement(db: Db, entry: OutboxEntry, options: { now?: Date; when?: SQL } = {}) {
  const now = options.now ?? new Date();
  if (!options.when) {
    return db
      .insert(outboxMessages)
      .values({
        id: entry.key,
        channel: entry.channel,
        template: entry.template,
        params: entry.params,
        nextAttemptAt: now,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  return outboxSelectStatement(
    db,
    {
      channel: entry.channel,
      template: entry.template,
      key: sql`${entry.key}`,
      params: sql`json(${JSON.stringify(entry.params)})`,
      table: sql`(SELECT 1) AS outbox_one`,
      where: options.when,
    },
    now,
  );
}

/**
 * One message per row a set-based change touched: the rows of `table` matching `where`, with `key` and `params`
 * (a `json_object(...)`) SQL expressions over them. E.g. one "slot cancelled" email per booking a cancellation just
 * cancelled. Keys already written are left alone.
 */
export function outboxSelectStatement(
  db: Db,
  input: { channel: OutboxChannel; template: string; key: SQL; params: SQL; table: SQLiteTable | SQL; where: SQL },
  now = new Date(),
) {
  const at = now.getTime();
  return db
    .insert(outboxMessages)
    .select(
      db
        .select({
          id: sql<string>`${input.key}`.as("id"),
          channel: sql<OutboxChannel>`${input.channel}`.as("channel"),
          template: sql<string>`${input.template}`.as("template"),
          params: sql<JsonValue>`${input.params}`.as("params"),
          status: sql<"pending">`'pending'`.as("status"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`NULL`.as("last_error"),
          nextAttemptAt: sql<Date>`${at}`.as("next_attempt_at"),
          sentAt: sql<Date | null>`NULL`.as("sent_at"),
          createdAt: sql<Date>`${at}`.as("created_at"),
        })
        .from(input.table)
        .where(input.where),
    )
    .onConflictDoNothing();
}

/** The keys of the messages of one cause, on each channel it uses. */
export function outboxKeys(cause: string, channels: readonly OutboxChannel[]): string[] {
  return channels.map((channel) => `${cause}:${channel}`);
}

/**
 * A notification written whole with the change that causes it (template "notice" of app/features/messages), keyed by
 * its cause so writing the cause twice notifies once.
 */
export function noticeEntry(
  cause: string,
  notice: { userId: string; type: string; title: string; url: string | null; influencerId?: string | null },
): OutboxEntry {
  return { key: `${cause}:notification`, channel: "notification", template: "notice", params: { ...notice } };
}
