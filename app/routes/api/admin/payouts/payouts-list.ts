import { payoutJson } from "~/features/payouts";
import { listPayouts } from "~/features/payouts/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/admin/payout-history/:influencerId and /api/admin/active-payouts/:influencerId */
export const loader = jsonLoader({ auth: true, staff: "payouts" }, async ({ request, env, viewer, params }) => {
  const which = new URL(request.url).pathname.includes("/active-payouts/") ? "active" : "history";
  const rows = await listPayouts(env, viewer, params.influencerId ?? "", which);
  return { payouts: rows.map(payoutJson) };
});
