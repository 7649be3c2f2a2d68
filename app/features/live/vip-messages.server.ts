import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { passPaidOrderIds } from "~/features/passes/index.server";
import { owedRefundsOf } from "~/features/wallet/index.server";
import { getDb } from "~/platform/db.server";
import { liveSessions, queueEntries } from "~db/schema";
import { LIVE_COPY } from "./copy";

/** The outbox template of "your VIP place was refunded" (a session ended with it unserved). */
export const VIP_REFUNDED_TEMPLATE = "vip-refunded";

export async function vipRefundedNotice(env: Env, entryId: string): Promise<UserNotification | null> {
  const db = getDb(env);
  const [row] = await db
    .select({
      userId: queueEntries.userId,
      orderId: queueEntries.orderId,
      state: queueEntries.state,
      title: liveSessions.title,
      streamerId: liveSessions.streamerId,
    })
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .where(eq(queueEntries.id, entryId));
  if (row?.state !== "refunded") return null;
  const owed = row.orderId ? (await owedRefundsOf(db, [row.orderId])).has(row.orderId) : false;
  const byPass = row.orderId ? (await passPaidOrderIds(db, [row.orderId])).has(row.orderId) : false;
  return {
    userId: row.userId,
    type: "queue",
    title: byPass
      ? LIVE_COPY.vipPassReturned(row.title)
      : owed
        ? LIVE_COPY.vipRefundPending(row.title)
        : LIVE_COPY.vipRefunded(row.title),
    url: "/profile#wallet",
    influencerId: row.streamerId,
  };
}
