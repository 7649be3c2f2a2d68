import { bookedSlotDetailsSchema } from "~/features/booking";
import { bookedSlotDetails } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/v1/user/booked-slot-details {productId}: the caller's own bookings of that gig's slots. */
export const action = jsonAction({ schema: bookedSlotDetailsSchema, auth: true }, async ({ env, input, viewer }) => {
  const booked = await bookedSlotDetails(env, viewer, input.productId);
  return {
    bookedSlots: booked.map((slot) => ({
      _id: slot.slotId,
      slotId: slot.slotId,
      orderId: slot.orderId,
      bookingId: slot.bookingId,
      status: slot.status,
      orderStatus: slot.orderStatus,
      numberOfPlayers: slot.seats,
      startTime: slot.startsAt.toISOString(),
      endTime: slot.endsAt.toISOString(),
      gamerTags: slot.gamerTags.map((tag) => ({ _id: tag.id, gamerTag: tag.gamertag })),
    })),
  };
});

/** Other methods: 405. */
export const loader = action;
