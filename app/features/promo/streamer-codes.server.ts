import { desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { col, getDb } from "~/platform/db.server";
import { promoCodes, promoRedemptions } from "~db/schema";

/** The promo codes scoped to one streamer's gigs, with how many times each was used. */
export async function streamerPromoCodes(env: Env, viewer: Viewer | null, streamerId: string) {
  assertReadBusiness(viewer, streamerId, "promoCodes");
  return getDb(env)
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      description: promoCodes.description,
      kind: promoCodes.kind,
      value: promoCodes.value,
      currency: promoCodes.currency,
      expiresAt: promoCodes.expiresAt,
      maxUses: promoCodes.maxUses,
      isActive: promoCodes.isActive,
      uses: sql<number>`(SELECT count(*) FROM ${promoRedemptions} WHERE ${promoRedemptions.promoCodeId} = ${col(promoCodes.id)})`,
    })
    .from(promoCodes)
    .where(eq(promoCodes.streamerId, streamerId))
    .orderBy(desc(promoCodes.createdAt));
}
