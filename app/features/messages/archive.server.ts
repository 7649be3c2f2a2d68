import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { type ArchivedRow, type ArchiveRun, type ArchiveSource, archiveRows } from "~/platform/archive.server";
import { getDb, idChunks } from "~/platform/db.server";
import { type OutboxMessage, outboxMessages } from "~db/schema";

/**
 * How long a sent message stays in D1 (docs/capacity.md): long past any retry, and past any cause that could write
 * its deduplication key again (a reminder, an offer or a refund notice belongs to a booking, an offer or a refund
 * whose own time is long over by then). Pending and failed messages are never archived.
 */
export const SENT_MESSAGES_KEPT_DAYS = 90;

/** The messages due for the archive at `now`: sent more than SENT_MESSAGES_KEPT_DAYS before. */
export function sentMessagesSource(env: Env, now: Date): ArchiveSource<OutboxMessage & ArchivedRow> {
  const db = getDb(env);
  const before = new Date(now.getTime() - SENT_MESSAGES_KEPT_DAYS * 86_400_000);
  const due = and(eq(outboxMessages.status, "sent"), lt(outboxMessages.sentAt, before));
  return {
    name: "outbox",
    due: async (limit) => {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(due)
        .orderBy(asc(outboxMessages.sentAt), asc(outboxMessages.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, at: row.sentAt ?? row.createdAt }));
    },
    remove: async (ids) => {
      for (const chunk of idChunks(ids))
        await db.delete(outboxMessages).where(and(inArray(outboxMessages.id, chunk), due));
    },
  };
}

/** Moves messages sent more than SENT_MESSAGES_KEPT_DAYS ago to the private bucket (archive/outbox/). */
export function archiveSentMessages(env: Env, now = new Date(), options?: { batchSize?: number }): Promise<ArchiveRun> {
  return archiveRows(env.PRIVATE_FILES, getDb(env), sentMessagesSource(env, now), options);
}
