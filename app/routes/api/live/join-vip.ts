import { vipJoinSchema } from "~/features/live";
import { joinedPlace, sendLiveCommand, startVipCheckout } from "~/features/live/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * POST /api/join_vip {liveSessionId, acceptTerms, paymentMethod (card, wallet or pass), gamertag?}: the VIP lane, after accepting the VIP
 * Queue Terms, with the gamer tag required before paying (given, or saved on the fan's profile). Wallet or a VIP pass's use: paid and placed at once (through the session's object). Card: answers the Checkout `url`; the
 * place is taken when the payment is fulfilled.
 */
export const action = jsonAction({ auth: true, schema: vipJoinSchema }, async ({ request, env, input, viewer }) => {
  if (input.paymentMethod !== "card") {
    await sendLiveCommand(env, input.liveSessionId, {
      type: input.paymentMethod === "pass" ? "joinVipPass" : "joinVipWallet",
      viewer,
      gamertag: input.gamertag ?? null,
    });
    return { data: await joinedPlace(env, input.liveSessionId, viewer.id) };
  }
  const checkout = await startVipCheckout(env, viewer, input, publicOrigin(request, env));
  return { id: checkout.sessionId, url: checkout.url, orderId: checkout.orderId };
});
