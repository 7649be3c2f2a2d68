import { desc, eq } from "drizzle-orm";
import { assertStaff, type Viewer } from "~/features/access";
import { getDb } from "~/platform/db.server";
import { accountClosures, users } from "~db/schema";

/**
 * Staff's view of account closures (moderation): who asked, when, how they confirmed, and the state: pending (with
 * the day it will be erased, pushed back a day at a time while money is owed), cancelled by signing in, or erased
 * (the name is then the pseudonym the records stay under). Newest first.
 */
export async function listAccountClosures(env: Env, viewer: Viewer | null, limit = 100) {
  assertStaff(viewer, "moderation");
  return getDb(env)
    .select({
      id: accountClosures.id,
      userId: accountClosures.userId,
      username: users.username,
      status: accountClosures.status,
      confirmedBy: accountClosures.confirmedBy,
      requestedAt: accountClosures.createdAt,
      eraseAfter: accountClosures.eraseAfter,
      cancelledAt: accountClosures.cancelledAt,
      erasedAt: accountClosures.erasedAt,
    })
    .from(accountClosures)
    .innerJoin(users, eq(users.id, accountClosures.userId))
    .orderBy(desc(accountClosures.createdAt))
    .limit(limit);
}
