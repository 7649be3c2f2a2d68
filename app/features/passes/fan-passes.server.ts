import { desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { entryOf, heldBalance } from "~/features/packs/index.server";
import type { Money } from "~/lib/money";
import { streamerPath } from "~/lib/paths.server";
import { getDb } from "~/platform/db.server";
import { type PassEntryKind, passEntries, passPurchases, users } from "~db/schema";

export type FanPass = {
  passId: string;
  streamerId: string;
  /** The streamer's page, where the pass is used. */
  streamerHref: string;
  streamerName: string;
  places: number;
  paid: Money;
  usesLeft: number;
  valueLeft: Money;
  expiresAt: Date;
  expired: boolean;
  entries: { id: string; kind: PassEntryKind; uses: number; value: Money; at: Date }[];
};

/**
 * The viewer's paid VIP passes, newest first, each with its balance as the sum of its ledger entries and the entries
 * themselves (the fan's profile, "VIP passes"). Only the viewer's own passes are read.
 */
export async function fanPasses(env: Env, viewer: Viewer, now = new Date()): Promise<FanPass[]> {
  const db = getDb(env);
  const passes = await db
    .select({
      id: passPurchases.id,
      streamerId: passPurchases.streamerId,
      streamerName: users.username,
      places: passPurchases.places,
      amountMinor: passPurchases.amountMinor,
      currency: passPurchases.currency,
      expiresAt: passPurchases.expiresAt,
    })
    .from(passPurchases)
    .innerJoin(users, eq(users.id, passPurchases.streamerId))
    .where(eq(passPurchases.userId, viewer.id))
    .orderBy(desc(passPurchases.createdAt))
    .limit(50);
  const ids = passes.map((pass) => pass.id);
  const entries = ids.length
    ? await db.select().from(passEntries).where(inArray(passEntries.passId, ids)).orderBy(passEntries.createdAt)
    : [];
  return passes
    .map((pass) => {
      const own = entries.filter((entry) => entry.passId === pass.id);
      return {
        passId: pass.id,
        streamerId: pass.streamerId,
        streamerHref: streamerPath(pass.streamerId),
        streamerName: pass.streamerName,
        places: pass.places,
        usesLeft: own.reduce((sum, entry) => sum + entry.uses, 0),
        ...heldBalance(pass, own, now),
        entries: own.map((entry) => ({ ...entryOf(entry), uses: entry.uses })),
      };
    })
    .filter((pass) => pass.entries.length > 0);
}
