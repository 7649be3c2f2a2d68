import { listPromoCodesForStaff } from "~/features/promo/index.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/admin/get-promo-code: every promo code with its use count. */
export const loader = jsonLoader({ auth: true, staff: "promoCodes" }, async ({ env, viewer }) => ({
  promoCodes: await listPromoCodesForStaff(env, viewer),
}));
