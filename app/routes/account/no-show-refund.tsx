import { BOOKING_COPY, cancelOrderFormSchema } from "~/features/booking";
import { claimNoShowRefund, findOwnConfirmedBooking } from "~/features/booking/index.server";
import { formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { pageAction, says, signedIn } from "~/routes/_lib/page-action.server";

/**
 * POST /profile/orders/:orderId/no-show-refund: the fan's one tap when the streamer has not started (the form on the
 * order, with or without JavaScript). The use case checks the buyer and the no-show rule; the fan lands on their
 * wallet (or the order, for a refund to the card) with what was refunded, or back on the order with why not.
 */
export const action = pageAction({
  guard: signedIn,
  intents: {
    refund: {
      schema: cancelOrderFormSchema,
      plain: true,
      run: async (value, { env, viewer, params }) => {
        const bookingId = await findOwnConfirmedBooking(env, viewer, { orderId: params.orderId ?? "" });
        return claimNoShowRefund(env, viewer, bookingId, new Date(), value);
      },
      success: (outcome, { params }) => {
        const amount = formatMoney(money(outcome.refundedMinor, outcome.currency));
        const toCard = outcome.refundTo === "card";
        return {
          to: toCard ? orderPath(params.orderId ?? "") : "/profile#wallet",
          message: `${BOOKING_COPY.noShowRefunded}: ${amount} ${toCard ? "to your card (5–10 days)" : "to your wallet"}.`,
        };
      },
      invalid: () => says(BOOKING_COPY.refundToInvalid),
      // Refused (the streamer started meanwhile, or it was refunded already): back to the order, saying why.
      refused: (error, { params }) => ({
        to: orderPath(params.orderId ?? ""),
        message: error.message,
        kind: "error" as const,
      }),
    },
  },
  otherwise: "refund",
});
