import { monthSchema, slotJson } from "~/features/slots";
import { monthSlots } from "~/features/slots/index.server";
import { requestViewerZone } from "~/features/time";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/monthvise/slots/influencer/:id/:month/:year: the month in the caller's zone (docs/decisions/019). */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const parsed = monthSchema.safeParse(params);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, { fallback: "Year and month are required" }));
  const { month, year } = parsed.data;
  const zone = requestViewerZone(request, viewer.timeZone).zone;
  const rows = await monthSlots(env, viewer, params.id ?? "", { month, year }, zone);
  return { slots: rows.map(slotJson) };
});
