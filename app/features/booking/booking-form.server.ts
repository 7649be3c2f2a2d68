import { eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { walletBalanceQuery } from "~/features/wallet/index.server";
import type { CurrencyCode } from "~/lib/money";
import type { Db } from "~/platform/db.server";
import { users } from "~db/schema";

/**
 * What the gig page's booking form needs about the viewer: saved gamer tags (prefill) and the wallet balance
 * (in the viewer's currency, the one their wallet holds). One select, so the gig page sends it in its own batch (getGigPage's `extra`): no extra round trip.
 */
export function bookingFormQuery(db: Db, viewerId: string, currency: CurrencyCode) {
  return db
    .select({
      balance: sql<number>`(${walletBalanceQuery(db, viewerId, currency)})`.mapWith(Number),
      tags: sql<string>`(SELECT json_group_array(g.tag) FROM (SELECT tag FROM user_gamertags WHERE user_id = ${viewerId} ORDER BY created_at) g)`,
    })
    .from(users)
    .where(eq(users.id, viewerId));
}

export function bookingFormData(
  viewer: Viewer | null,
  rows: { balance: number; tags: string }[] | undefined,
): { gamertags: string[]; walletBalanceMinor: number } {
  const row = rows?.[0];
  if (!viewer || !row) return { gamertags: [], walletBalanceMinor: 0 };
  const saved = [...new Set(JSON.parse(row.tags || "[]") as string[])];
  return { gamertags: saved.length > 0 ? saved : [viewer.username], walletBalanceMinor: Number(row.balance) };
}
