import { asc, eq } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { gigSlotsQuery } from "~/features/catalogue/sessions.server";
import { GIG_SLOTS_MAX, gigDetailQuery } from "~/features/catalogue/views.server";
import { usdInrRateQuery } from "~/features/currency/rate-query.server";
import { walletBalanceQuery } from "~/features/wallet/ledger.server";
import type { Db } from "~/platform/db.server";
import { userGamertags } from "../../../db/schema";

/**
 * The gig page with what its booking form needs about the viewer (saved gamer tags to prefill, wallet
 * balance), in ONE batch with the gig, its slots and the rate: a logged-in gig page costs one trip more than
 * an anonymous one (the session), however much the form needs (tests/integration/round-trips.test.ts).
 */
export async function getGigBookingPage(db: Db, gigId: string, viewer: Viewer | null, now = new Date()) {
  const page = [
    gigDetailQuery(db, gigId, viewer?.id ?? null),
    gigSlotsQuery(db, gigId, now, GIG_SLOTS_MAX),
    usdInrRateQuery(db),
  ] as const;
  if (!viewer) {
    const [gigRows, slots, rateRows] = await db.batch(page);
    const gig = gigRows[0];
    if (!gig) return null;
    const form = { gamertags: [] as string[], walletBalanceMinor: 0 };
    return { gig, slots, usdInrRateMicros: rateRows[0]?.rateMicros ?? null, form };
  }
  const [gigRows, slots, rateRows, tags, balanceRows] = await db.batch([
    ...page,
    db
      .select({ tag: userGamertags.tag })
      .from(userGamertags)
      .where(eq(userGamertags.userId, viewer.id))
      .orderBy(asc(userGamertags.createdAt)),
    walletBalanceQuery(db, viewer.id, "USD"),
  ]);
  const gig = gigRows[0];
  if (!gig) return null;
  const saved = [...new Set(tags.map((row) => row.tag))];
  const form = {
    gamertags: saved.length > 0 ? saved : [viewer.username],
    walletBalanceMinor: Number(balanceRows[0]?.balance ?? 0),
  };
  return { gig, slots, usdInrRateMicros: rateRows[0]?.rateMicros ?? null, form };
}
