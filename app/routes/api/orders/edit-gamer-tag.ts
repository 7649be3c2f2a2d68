import { BOOKING_COPY, editGamerTagSchema } from "~/features/booking";
import { editGamerTagOfSlot } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/v1/user/edit-gamer-tag {slotId, gamerTag, gamerTagId}: one tag of the caller's booking of a slot. */
export const action = jsonAction({ schema: editGamerTagSchema, auth: true }, async ({ env, input, viewer }) => {
  const updated = await editGamerTagOfSlot(env, viewer, {
    slotId: input.slotId,
    gamerTagId: input.gamerTagId,
    gamertag: input.gamerTag,
  });
  return {
    message: BOOKING_COPY.gamertagsUpdated,
    slotId: updated.slotId,
    gamerTags: updated.gamerTags.map((tag) => ({ _id: tag.id, gamerTag: tag.gamertag })),
  };
});

/** Other methods: 405. */
export const loader = action;
