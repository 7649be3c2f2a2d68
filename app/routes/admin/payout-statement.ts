import { requireStaff } from "~/features/auth/guards.server";
import { readPayoutStatement, XLSX_TYPE } from "~/features/payouts/statement.server";
import { isAppError } from "~/lib/errors";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/payout-statement";

/** /admin/payout/statement/:payoutId: the completed payout's .xlsx from the private bucket, payouts staff only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireStaff(request, env, "payouts");
  try {
    const { object, filename } = await readPayoutStatement(env, viewer, params.payoutId);
    return new Response(object.body, {
      headers: {
        "Content-Type": XLSX_TYPE,
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (thrown) {
    if (isAppError(thrown)) return new Response(thrown.message, { status: thrown.status });
    throw thrown;
  }
}
