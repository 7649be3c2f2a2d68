import { slotJson } from "~/features/slots/api-shape";
import { monthSchema } from "~/features/slots/schema";
import { monthSlots } from "~/features/slots/slots.server";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/monthvise/slots/influencer/:id/:month/:year */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const parsed = monthSchema.safeParse(params);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error, { fallback: "Year and month are required" }));
  const rows = await monthSlots(env, viewer, params.id ?? "", parsed.data.month, parsed.data.year);
  return { slots: rows.map(slotJson) };
});
