import { PAYOUT_COPY } from "~/features/payouts";
import { generatePayoutStatement } from "~/features/payouts/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/generate/execelsheet/:payoutId: (re)generates a completed payout's .xlsx into the private bucket. */
export const action = jsonAction({ auth: true, staff: "payouts" }, async ({ env, viewer, params }) => {
  const result = await generatePayoutStatement(env, viewer, params.payoutId ?? "");
  return { message: PAYOUT_COPY.spreadsheetReady, ...result };
});
