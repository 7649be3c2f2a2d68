import { vipJoinSchema } from "~/features/live";
import { startVipCheckout } from "~/features/live/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/create-live-checkout-session {liveSessionId, acceptTerms, gamertag?}: a VIP place by card (the gamer tag
 * required before paying: given, or saved); answers `id` and `url`.
 */
export const action = jsonAction({ auth: true, schema: vipJoinSchema }, async ({ request, env, input, viewer }) => {
  const checkout = await startVipCheckout(env, viewer, input, publicOrigin(request, env));
  return { id: checkout.sessionId, url: checkout.url, orderId: checkout.orderId };
});
