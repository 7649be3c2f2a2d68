import { packInvoicePdf } from "~/features/packs/index.server";
import { passInvoicePdf } from "~/features/passes/index.server";
import { requestViewerZone, validTimeZone } from "~/features/time";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * GET /api/get/user_pack/invoice/:id and GET /api/get/user_pass/invoice/:id: the invoice of a session pack or a VIP
 * pass as a PDF (docs/decisions/040-packs-and-passes-by-card.md), beside an order's
 * (/api/get/user_order/invoice/:orderId): the price, the platform fee and the GST on it. Private to its buyer and
 * order staff (404 for anyone else, and for one never paid). Times in the zone given by ?tz= (an API client's
 * choice), else the viewer's zone (docs/decisions/019-viewer-time-zone.md). The route's id says which.
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const asked = validTimeZone(new URL(request.url).searchParams.get("tz"));
  const timeZone = asked ?? requestViewerZone(request, viewer.timeZone).zone;
  const options = { timeZone, origin: publicOrigin(request, env) };
  const id = params.id ?? "";
  const invoice = new URL(request.url).pathname.includes("/user_pass/")
    ? await passInvoicePdf(env, viewer, id, options)
    : await packInvoicePdf(env, viewer, id, options);
  return new Response(invoice.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
