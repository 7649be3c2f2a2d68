import { orderInvoicePdf } from "~/features/booking/index.server";
import { requestViewerZone, validTimeZone } from "~/features/time";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/get/user_order/invoice/:orderId: the order's invoice as a PDF, private to whoever may read the order
 * (404 for anyone else). Times in the zone given by ?tz= (an API client's choice), else the viewer's zone
 * (docs/decisions/019-viewer-time-zone.md: saved, the tz cookie, Cloudflare's, UTC).
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const asked = validTimeZone(new URL(request.url).searchParams.get("tz"));
  const timeZone = asked ?? requestViewerZone(request, viewer.timeZone).zone;
  const invoice = await orderInvoicePdf(env, viewer, params.orderId ?? "", {
    timeZone,
    origin: publicOrigin(request, env),
  });
  return new Response(invoice.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
