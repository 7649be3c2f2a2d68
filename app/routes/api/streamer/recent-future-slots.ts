import { slotJson } from "~/features/slots";
import { upcomingSlots } from "~/features/slots/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/last_seven_and_present_future/slots/influencer/:id (from 7 days back) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const rows = await upcomingSlots(env, viewer, params.id ?? "", { fromDaysBack: 7 });
  return { slots: rows.map(slotJson) };
});
