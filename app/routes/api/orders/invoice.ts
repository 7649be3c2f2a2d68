import { orderInvoicePdf } from "~/features/booking/invoice.server";
import { requestTimeZone, validTimeZone } from "~/features/booking/time-zone";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/get/user_order/invoice/:orderId: the order's invoice as a PDF, private to whoever may read the order
 * (404 for anyone else). Times in the zone given by ?tz= (the browser's, added with JavaScript), else the
 * request's own (`request.cf.timezone`).
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const cf = (request as Request & { cf?: { timezone?: unknown } }).cf;
  const timeZone = validTimeZone(new URL(request.url).searchParams.get("tz")) ?? requestTimeZone(cf);
  const invoice = await orderInvoicePdf(env, viewer, params.orderId ?? "", { timeZone });
  return new Response(invoice.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
