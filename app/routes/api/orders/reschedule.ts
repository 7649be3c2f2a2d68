import { BOOKING_COPY, rescheduleApiSchema } from "~/features/booking";
import { findOwnConfirmedBooking, rescheduleBooking } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/orders/reschedule {orderId | bookingId, slotId}: the fan moves their confirmed booking to another slot of
 * the same gig, up to the free-cancellation deadline; nothing is paid again (docs/domain.md, "Moving a booking").
 */
export const action = jsonAction({ schema: rescheduleApiSchema, auth: true }, async ({ env, input, viewer }) => {
  const bookingId = input.bookingId ?? (await findOwnConfirmedBooking(env, viewer, { orderId: input.orderId }));
  const moved = await rescheduleBooking(env, viewer, { bookingId, toSlotId: input.slotId });
  return { message: BOOKING_COPY.rescheduled, ...moved };
});

/** Other methods: 405. */
export const loader = action;
