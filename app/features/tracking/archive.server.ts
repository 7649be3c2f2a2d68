import { and, asc, inArray, lt } from "drizzle-orm";
import { type ArchiveRun, archiveRows } from "~/platform/archive.server";
import { getDb, idChunks } from "~/platform/db.server";
import { analyticsEvents } from "~db/schema";

/**
 * How long a product event stays in D1 (docs/capacity.md): the staff funnel reads the last 8 weeks; half a year
 * leaves room for a longer look. Older events move to the private bucket (archive/analytics/), where they can still
 * be read in bulk.
 */
export const EVENTS_KEPT_DAYS = 180;

/** Moves events recorded more than EVENTS_KEPT_DAYS ago to the private bucket. */
export async function archiveOldEvents(
  env: Env,
  now = new Date(),
  options?: { batchSize?: number },
): Promise<ArchiveRun> {
  const db = getDb(env);
  const due = lt(analyticsEvents.createdAt, new Date(now.getTime() - EVENTS_KEPT_DAYS * 86_400_000));
  return archiveRows(
    env.PRIVATE_FILES,
    db,
    {
      name: "analytics",
      due: async (limit) => {
        const rows = await db
          .select()
          .from(analyticsEvents)
          .where(due)
          .orderBy(asc(analyticsEvents.createdAt), asc(analyticsEvents.id))
          .limit(limit);
        return rows.map((row) => ({ ...row, at: row.createdAt }));
      },
      remove: async (ids) => {
        for (const chunk of idChunks(ids))
          await db.delete(analyticsEvents).where(and(inArray(analyticsEvents.id, chunk), due));
      },
    },
    options,
  );
}
