import { BOOKING_COPY, updateGamerTagsSchema } from "~/features/booking";
import { updateGamerTags } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/orders/update_gamer_tags {updatedGamerTagsWithId: [{_id, gamerTag}], order_id, slot_id} */
export const action = jsonAction({ schema: updateGamerTagsSchema, auth: true }, async ({ env, input, viewer }) => {
  const updated = await updateGamerTags(env, viewer, {
    orderId: input.order_id,
    slotId: input.slot_id,
    changes: input.updatedGamerTagsWithId.map((tag) => ({ id: tag._id, gamertag: tag.gamerTag })),
  });
  return {
    message: BOOKING_COPY.gamertagsUpdated,
    order_id: updated.orderId,
    slot_id: updated.slotId,
    gamerTags: updated.gamerTags.map((tag) => ({ _id: tag.id, gamerTag: tag.gamertag })),
  };
});

/** Other methods: 405. */
export const loader = action;
