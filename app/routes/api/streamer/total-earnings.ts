import { earningsTotals } from "~/features/earnings/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/influencer/total-earnings/:id: 7, 30 and 90 days, gross, platform fee and net (USD minor) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const totals = await earningsTotals(env, viewer, params.id ?? "");
  const byDays = Object.fromEntries(totals.windows.map((w) => [`last${w.days}Days`, w]));
  return { currency: totals.currency, platformFeesPercentage: totals.feeBps / 100, ...byDays, windows: totals.windows };
});
