import { desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { type Money, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { gigs, type PackEntryKind, packCreditEntries, packPurchases, users } from "~db/schema";

type FanPackEntry = {
  id: string;
  kind: PackEntryKind;
  credits: number;
  value: Money;
  orderId: string | null;
  at: Date;
};
export type FanPack = {
  packId: string;
  gigId: string;
  gigTitle: string;
  streamerName: string;
  sessions: number;
  paid: Money;
  creditsLeft: number;
  valueLeft: Money;
  expiresAt: Date;
  expired: boolean;
  entries: FanPackEntry[];
};

/**
 * The viewer's paid packs, newest first, each with its balance as the sum of its ledger entries and the entries
 * themselves (the fan's profile, "Session packs"). Only the viewer's own packs are read.
 */
export async function fanPacks(env: Env, viewer: Viewer, now = new Date()): Promise<FanPack[]> {
  const db = getDb(env);
  const packs = await db
    .select({
      id: packPurchases.id,
      gigId: packPurchases.gigId,
      gigTitle: gigs.title,
      streamerName: users.username,
      sessions: packPurchases.sessions,
      amountMinor: packPurchases.amountMinor,
      currency: packPurchases.currency,
      expiresAt: packPurchases.expiresAt,
    })
    .from(packPurchases)
    .innerJoin(gigs, eq(gigs.id, packPurchases.gigId))
    .innerJoin(users, eq(users.id, packPurchases.streamerId))
    .where(eq(packPurchases.userId, viewer.id))
    .orderBy(desc(packPurchases.createdAt))
    .limit(50);
  const paidIds = packs.map((pack) => pack.id);
  const entries = paidIds.length
    ? await db
        .select()
        .from(packCreditEntries)
        .where(inArray(packCreditEntries.packId, paidIds))
        .orderBy(packCreditEntries.createdAt)
    : [];
  return packs
    .map((pack) => {
      const own = entries.filter((entry) => entry.packId === pack.id);
      return {
        packId: pack.id,
        gigId: pack.gigId,
        gigTitle: pack.gigTitle,
        streamerName: pack.streamerName,
        sessions: pack.sessions,
        paid: money(pack.amountMinor, pack.currency),
        creditsLeft: own.reduce((sum, entry) => sum + entry.credits, 0),
        valueLeft: money(
          own.reduce((sum, entry) => sum + entry.valueMinor, 0),
          pack.currency,
        ),
        expiresAt: pack.expiresAt,
        expired: pack.expiresAt.getTime() <= now.getTime(),
        entries: own.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          credits: entry.credits,
          value: money(Math.abs(entry.valueMinor), entry.currency),
          orderId: entry.orderId,
          at: entry.createdAt,
        })),
      };
    })
    .filter((pack) => pack.entries.length > 0);
}
