import { readPayoutStatement, XLSX_TYPE } from "~/features/payouts/index.server";
import { envOf } from "~/platform/http.server";
import { errorPage, settle } from "~/routes/_lib/form.server";
import { requireStaff } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/payout-statement";

/** /admin/payout/statement/:payoutId: the completed payout's .xlsx from the private bucket, payouts staff only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "payouts");
  const statement = await settle(readPayoutStatement(env, viewer, params.payoutId));
  if (!statement.ok) return errorPage(statement.error);
  const { object, filename } = statement.value;
  return new Response(object.body, {
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
