/**
 * Where the invoice of a session pack or a VIP pass is (a PDF, for its buyer and order staff:
 * docs/decisions/040-packs-and-passes-by-card.md), beside an order's `/api/get/user_order/invoice/:orderId`.
 */
export function prepaidInvoicePath(kind: "pack" | "pass", id: string): string {
  return `/api/get/user_${kind}/invoice/${encodeURIComponent(id)}`;
}
