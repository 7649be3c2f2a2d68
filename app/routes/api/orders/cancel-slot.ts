import { BOOKING_COPY, cancelUserSlotSchema } from "~/features/booking";
import { cancelBooking, findOwnConfirmedBooking } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/post/slots/delete/user {slotId} (or {bookingId} / {orderId}): the fan cancels their confirmed
 * booking; the refund follows the Cancellation Policy and goes where `refundTo` says: "wallet" (the default, at
 * once) or "card" (card-paid bookings, 5–10 days).
 */
export const action = jsonAction({ schema: cancelUserSlotSchema, auth: true }, async ({ env, input, viewer }) => {
  const bookingId = input.bookingId ?? (await findOwnConfirmedBooking(env, viewer, input));
  const outcome = await cancelBooking(env, viewer, bookingId, new Date(), { refundTo: input.refundTo });
  return {
    message: BOOKING_COPY.cancelled,
    bookingId: outcome.bookingId,
    orderId: outcome.orderId,
    slotId: outcome.slotId,
    refundTier: outcome.tier,
    refundedAmount: outcome.refundedMinor,
    currency: outcome.currency,
    refundTo: outcome.refundTo,
    refundPending: outcome.refundPending,
  };
});

/** Other methods: 405. */
export const loader = action;
