import { eq } from "drizzle-orm";
import type { UserNotification } from "~/features/notifications/index.server";
import { formatMoney, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { payouts } from "~db/schema";

/** The outbox template of "your payout was completed", to the streamer (written with the completion). */
export const PAYOUT_COMPLETED_TEMPLATE = "payout-completed";

export async function payoutCompletedNotice(env: Env, payoutId: string): Promise<UserNotification | null> {
  const [payout] = await getDb(env)
    .select({
      streamerId: payouts.streamerId,
      status: payouts.status,
      netMinor: payouts.netMinor,
      currency: payouts.currency,
    })
    .from(payouts)
    .where(eq(payouts.id, payoutId));
  if (payout?.status !== "completed") return null;
  return {
    userId: payout.streamerId,
    type: "system",
    title: `Payout completed: ${formatMoney(money(payout.netMinor, payout.currency))} is on its way to your bank account`,
    url: "/influencer/dashboard#payouts",
  };
}
