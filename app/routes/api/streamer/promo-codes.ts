import { streamerPromoCodes } from "~/features/promo/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/streamer/get-promocode/:id: the promo codes scoped to streamer :id, with their use counts */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const codes = await streamerPromoCodes(env, viewer, params.id ?? "");
  return {
    data: codes.map((c) => ({
      _id: c.id,
      code: c.code,
      description: c.description,
      kind: c.kind,
      value: c.value,
      currency: c.currency,
      expiresAt: c.expiresAt?.toISOString() ?? null,
      maxUses: c.maxUses,
      active: c.isActive,
      uses: c.uses,
    })),
  };
});
