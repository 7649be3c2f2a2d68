import { BOOKING_COPY, moveOfferApiSchema } from "~/features/booking";
import { answerMoveOffer } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/orders/move-offer {orderId, choice: "move" | "refund"}: the fan answers their streamer's offer of another
 * time: the booking moves to it, or is refunded in full to the wallet (docs/domain.md, "A move offered by the streamer").
 */
export const action = jsonAction({ schema: moveOfferApiSchema, auth: true }, async ({ env, input, viewer }) => {
  const answer = await answerMoveOffer(env, viewer, input);
  return {
    message: answer.choice === "move" ? BOOKING_COPY.moveOfferMoved : BOOKING_COPY.moveOfferRefunded,
    ...answer,
  };
});

/** Other methods: 405. */
export const loader = action;
