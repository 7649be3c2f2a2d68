import { slotJson } from "~/features/slots";
import { upcomingSlots } from "~/features/slots/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/slots/influencer/:id (the streamer's open present and future slots) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const rows = await upcomingSlots(env, viewer, params.id ?? "");
  return { slots: rows.map(slotJson) };
});
