import type { PDFFont } from "pdf-lib";
import type { Viewer } from "~/features/access";
import { formatSlotTime, formatWhen } from "~/features/time";
import { type OrderRefund, orderRefunds } from "~/features/wallet/index.server";
import { notFound } from "~/lib/errors";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { getDb } from "~/platform/db.server";
import { BOOKING_MESSAGES } from "./messages";
import { getOrder, type OrderDetails } from "./orders.server";

/** The seller of record named on every invoice beside the streamer (the marketplace). */
export const INVOICE_ISSUER = {
  name: "Noobrd",
  line: "Marketplace for game sessions with streamers",
  email: "billing@noobrd.gg",
};

/**
 * GET /api/get/user_order/invoice/:orderId: the order as a PDF (pdf-lib), for whoever may read the order (the
 * buyer, the streamer paid, order staff: getOrder applies canReadOrder). It names both parties, the order id,
 * the invoice, order, payment and session dates in `timeZone` (the reader's), the amounts before and after the
 * discount, the taxes, and each refund with its date (or "pending" while owed). `origin` makes the policy's link
 * absolute: a PDF is read away from the site.
 */
export async function orderInvoicePdf(
  env: Env,
  viewer: Viewer,
  orderId: string,
  options: { timeZone: string; origin: string; now?: Date },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const now = options.now ?? new Date();
  const order = await getOrder(env, viewer, orderId, now);
  // An invoice records a payment: an order that was never paid (abandoned, declined, expired) has none.
  if (!order.paidAt) throw notFound(BOOKING_MESSAGES.noInvoice);
  const refunds = await orderRefunds(getDb(env), order.id);
  return {
    bytes: await renderInvoice({ order, refunds, timeZone: options.timeZone, origin: options.origin, now }),
    filename: `noobrd-invoice-${order.id}.pdf`,
  };
}

/**
 * The invoice's status: what happened to the money first ("Refunded", "Partially refunded", from what was given
 * back), else the order's status as the order pages say it ("Confirmed", "Refund pending").
 */
export function invoiceStatus(order: Pick<OrderDetails, "amountMinor" | "refundedMinor" | "statusText">): string {
  if (order.refundedMinor > 0) return order.refundedMinor >= order.amountMinor ? "Refunded" : "Partially refunded";
  return order.statusText.charAt(0).toUpperCase() + order.statusText.slice(1);
}

/** A refund's line: "Refunded to wallet on Wed, 25 Nov 2026, 22:26 EST", or "Refund to wallet pending" while owed. */
function refundLine(refund: OrderRefund, timeZone: string): string {
  return refund.settledAt
    ? `Refunded to ${refund.method} on ${formatWhen(refund.settledAt, timeZone)}`
    : `Refund to ${refund.method} pending`;
}

/**
 * "INR 1,00,000.00": the one money format (app/lib/money.ts), with the currency's code instead of its symbol since
 * the standard PDF fonts cannot draw ₹, and plain spaces for the font's sake.
 */
export function invoiceAmount(minor: number, currency: CurrencyCode): string {
  return formatMoney(money(minor, currency), { display: "code" }).replace(/\s/g, " ");
}

/** Keeps what the standard (WinAnsi) fonts can draw; anything else becomes "?". */
function drawable(text: string): string {
  return text.replaceAll("–", "-").replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

const ORDER_KIND_TEXT = {
  slot_booking: "Game session booking",
  vip_queue: "VIP queue place",
  wallet_topup: "Wallet top-up",
};

/**
 * pdf-lib (with pako, ~1 MB) is loaded when an invoice is drawn, not with every request: it is imported nowhere else
 * at run time, so the bundler keeps it in a chunk of its own (docs/architecture.md, "Request path").
 */
async function renderInvoice({
  order,
  refunds,
  timeZone,
  origin,
  now,
}: {
  order: OrderDetails;
  refunds: OrderRefund[];
  timeZone: string;
  origin: string;
  now: Date;
}): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Noobrd invoice ${order.id}`);
  pdf.setSubject(`Invoice for order ${order.id}`);
  pdf.setAuthor(INVOICE_ISSUER.name);
  pdf.setCreationDate(now);
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, x = 50, font: PDFFont = regular, size = 10) => {
    page.drawText(drawable(text), { x, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  };
  const line = (text: string, options: { x?: number; font?: PDFFont; size?: number; gap?: number } = {}) => {
    write(text, options.x, options.font, options.size);
    y -= options.gap ?? 15;
  };
  const row = (label: string, value: string, strong = false) => {
    write(label, 50, strong ? bold : regular);
    const font = strong ? bold : regular;
    write(value, 545 - font.widthOfTextAtSize(drawable(value), 10), font);
    y -= 16;
  };

  line("INVOICE", { font: bold, size: 22, gap: 28 });
  line(`Order ID: ${order.id}`);
  const when = (date: Date) => formatWhen(date, timeZone);
  line(`Invoice date: ${when(now)}`);
  line(`Order date: ${when(order.createdAt)}`);
  line(
    `Paid: ${order.paidAt ? when(order.paidAt) : "not paid"}${order.paymentMethod === "wallet" ? " (wallet)" : " (card)"}`,
  );
  line(`Status: ${invoiceStatus(order)}`, { gap: 26 });

  const top = y;
  line("Seller", { font: bold, size: 12 });
  if (order.influencerId) {
    line(order.starName || order.starUsername || "Creator");
    line(`@${order.starUsername ?? ""} (creator on Noobrd)`);
  }
  line(`Sold through ${INVOICE_ISSUER.name}, ${INVOICE_ISSUER.email}`);
  y = top;
  line("Billed to", { x: 320, font: bold, size: 12 });
  line(order.buyerName || order.buyerUsername, { x: 320 });
  line(`@${order.buyerUsername}`, { x: 320 });
  if (order.buyerEmail) line(order.buyerEmail, { x: 320 });
  if (order.buyerCountry) line(`Country: ${order.buyerCountry}`, { x: 320 });
  y = Math.min(y, top - 75) - 20;

  line("Item", { font: bold, size: 12, gap: 18 });
  line(`${ORDER_KIND_TEXT[order.kind]}${order.productTitle ? `: ${order.productTitle}` : ""}`);
  if (order.startsAt) line(`Session: ${formatSlotTime(order.startsAt, order.endsAt, timeZone)}`);
  if (order.seats) line(`Seats: ${order.seats}`);
  if (order.gamerTags.length > 0) line(`Gamer tags: ${order.gamerTags.map((t) => t.gamertag).join(", ")}`);
  y -= 14;

  const subtotal = order.amountMinor + order.discountMinor;
  row("Price", invoiceAmount(subtotal, order.currency));
  row(
    `Discount${order.promoCode ? ` (promo code ${order.promoCode})` : ""}`,
    invoiceAmount(-order.discountMinor, order.currency),
  );
  row("Taxes (included in the price; no tax charged separately)", invoiceAmount(0, order.currency));
  row("Total charged", invoiceAmount(order.amountMinor, order.currency), true);
  if (refunds.length > 0 || order.refundedMinor > 0) {
    y -= 14;
    line("Refunds", { font: bold, size: 12, gap: 18 });
    for (const refund of refunds)
      row(refundLine(refund, timeZone), invoiceAmount(-refund.amountMinor, refund.currency));
    // An amount refunded with no refund row to date it (data older than the refunds table): the total alone.
    if (refunds.length === 0) row("Refunded", invoiceAmount(-order.refundedMinor, order.currency));
    row("Net paid", invoiceAmount(order.net.amountMinor, order.currency), true);
  }
  y -= 20;
  line(`${INVOICE_ISSUER.name} - ${INVOICE_ISSUER.line}.`, { size: 8 });
  line(`Refunds follow the Cancellation Policy at ${origin}/cancellation-policy.`, { size: 8 });
  return pdf.save();
}
