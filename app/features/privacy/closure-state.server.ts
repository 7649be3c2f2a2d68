import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { accountClosures } from "~db/schema";

/** Days between asking to close an account and its erasure: signing in during them keeps the account. */
export const CLOSURE_GRACE_DAYS = 14;

/**
 * Signing in cancels a pending closure (the 14 days to change one's mind): a statement for the batch that writes the
 * new session (auth's `createSessionRecord`), so no sign-in can leave it pending.
 */
export function cancelPendingClosureStatement(db: Db, userId: string, now: Date) {
  return db
    .update(accountClosures)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(accountClosures.userId, userId), eq(accountClosures.status, "pending")));
}

/** The account's latest closure (pending, cancelled or erased), or null when it never asked. */
export function latestClosure(db: Db, userId: string) {
  return db
    .select({
      id: accountClosures.id,
      status: accountClosures.status,
      eraseAfter: accountClosures.eraseAfter,
      createdAt: accountClosures.createdAt,
      cancelledAt: accountClosures.cancelledAt,
      erasedAt: accountClosures.erasedAt,
    })
    .from(accountClosures)
    .where(eq(accountClosures.userId, userId))
    .orderBy(desc(accountClosures.createdAt))
    .limit(1)
    .get();
}
