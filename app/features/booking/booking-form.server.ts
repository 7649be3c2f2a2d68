import { asc, eq } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { userGamertags } from "../../../db/schema";

/** What the gig page's booking form needs about the viewer: saved gamer tags (prefill) and wallet balance. */
export async function bookingFormData(env: Env, viewer: Viewer | null) {
  if (!viewer) return { gamertags: [] as string[], walletBalanceMinor: 0 };
  const db = getDb(env);
  const [tags, balance] = await Promise.all([
    db
      .select({ tag: userGamertags.tag })
      .from(userGamertags)
      .where(eq(userGamertags.userId, viewer.id))
      .orderBy(asc(userGamertags.createdAt)),
    walletBalance(db, viewer.id, "USD"),
  ]);
  const saved = [...new Set(tags.map((row) => row.tag))];
  return { gamertags: saved.length > 0 ? saved : [viewer.username], walletBalanceMinor: balance };
}
