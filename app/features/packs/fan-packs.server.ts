import { desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { type CurrencyCode, type Money, money } from "~/lib/money";
import { gigPath } from "~/lib/paths.server";
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
  /** The gig's page, where a credit is spent. */
  gigHref: string;
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
        gigHref: gigPath(pack.gigId),
        gigTitle: pack.gigTitle,
        streamerName: pack.streamerName,
        sessions: pack.sessions,
        creditsLeft: own.reduce((sum, entry) => sum + entry.credits, 0),
        ...heldBalance(pack, own, now),
        entries: own.map((entry) => ({ ...entryOf(entry), credits: entry.credits, orderId: entry.orderId })),
      };
    })
    .filter((pack) => pack.entries.length > 0);
}

/**
 * What a fan holds of something bought in advance (a session pack, a VIP pass), from its ledger's entries (the fan's
 * profile): what was paid, the value left (the sum of the entries), when it runs out and whether it has.
 */
export function heldBalance(
  held: { amountMinor: number; currency: CurrencyCode; expiresAt: Date },
  entries: readonly { valueMinor: number }[],
  now: Date,
) {
  return {
    paid: money(held.amountMinor, held.currency),
    valueLeft: money(
      entries.reduce((sum, entry) => sum + entry.valueMinor, 0),
      held.currency,
    ),
    expiresAt: held.expiresAt,
    expired: held.expiresAt.getTime() <= now.getTime(),
  };
}

/** One ledger entry as the profile lists it: its kind, its value (unsigned) and when. */
export function entryOf<K extends string>(entry: {
  id: string;
  kind: K;
  valueMinor: number;
  currency: CurrencyCode;
  createdAt: Date;
}) {
  return {
    id: entry.id,
    kind: entry.kind,
    value: money(Math.abs(entry.valueMinor), entry.currency),
    at: entry.createdAt,
  };
}
