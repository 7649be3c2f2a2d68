import { addSlotsSchema, SLOT_COPY } from "~/features/slots";
import { addSlots } from "~/features/slots/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/post/influencer/slots/add { productId, date, startTime, timeZone, seats?, repeatWeeks? } */
export const action = jsonAction({ schema: addSlotsSchema, auth: true }, async ({ env, input, viewer }) => {
  const result = await addSlots(env, viewer, input);
  return { message: SLOT_COPY.added, ...result };
});
