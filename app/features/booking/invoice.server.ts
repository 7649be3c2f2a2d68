import type { Viewer } from "~/features/access";
import { formatSlotTime, formatWhen } from "~/features/time";
import { type OrderRefund, orderRefunds } from "~/features/wallet/index.server";
import { notFound } from "~/lib/errors";
import { INVOICE_ISSUER, invoiceAmount } from "~/lib/invoice";
import { getDb } from "~/platform/db.server";
import { drawInvoicePdf, type InvoiceFacts } from "~/platform/documents.server";
import { BOOKING_COPY } from "./copy";
import { getOrder, type OrderDetails } from "./orders.server";

/**
 * GET /api/get/user_order/invoice/:orderId: the order as a PDF (drawn by the documents Worker), for whoever may read the order (the
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
  if (!order.paidAt) throw notFound(BOOKING_COPY.noInvoice);
  const refunds = await orderRefunds(getDb(env), order.id);
  return {
    bytes: await drawInvoicePdf(
      env,
      invoiceFacts({ order, refunds, timeZone: options.timeZone, origin: options.origin, now }),
    ),
    filename: `noobrd-invoice-${order.id}.pdf`,
  };
}

/**
 * The invoice's status: what happened to the money first ("Refunded", "Partially refunded", from what was given
 * back), else the order's status as the order pages say it ("Confirmed", "Refund pending").
 */
function invoiceStatus(order: Pick<OrderDetails, "amountMinor" | "refundedMinor" | "statusText">): string {
  if (order.refundedMinor > 0) return order.refundedMinor >= order.amountMinor ? "Refunded" : "Partially refunded";
  return order.statusText.charAt(0).toUpperCase() + order.statusText.slice(1);
}

/** A refund's line: "Refunded to wallet on Wed, 25 Nov 2026, 22:26 EST", or "Refund to wallet pending" while owed. */
function refundLine(refund: OrderRefund, timeZone: string): string {
  return refund.settledAt
    ? `Refunded to ${refund.method} on ${formatWhen(refund.settledAt, timeZone)}`
    : `Refund to ${refund.method} pending`;
}

const ORDER_KIND_TEXT = {
  slot_booking: "Game session booking",
  vip_queue: "VIP queue place",
  wallet_topup: "Wallet top-up",
};

/**
 * What the invoice says, every date written in `timeZone` and every amount formatted: the documents Worker
 * (app/platform/documents.server.ts) only lays it out, so pdf-lib is no part of this Worker.
 */
function invoiceFacts({
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
}): InvoiceFacts {
  const when = (date: Date) => formatWhen(date, timeZone);
  const amount = (minor: number) => invoiceAmount(minor, order.currency);
  const seller = [
    ...(order.streamerId
      ? [
          order.streamerName || order.streamerUsername || "Creator",
          `@${order.streamerUsername ?? ""} (creator on Noobrd)`,
        ]
      : []),
    `Sold through ${INVOICE_ISSUER.name}, ${INVOICE_ISSUER.email}`,
  ];
  const buyer = [
    order.buyerName || order.buyerUsername,
    `@${order.buyerUsername}`,
    ...(order.buyerEmail ? [order.buyerEmail] : []),
    ...(order.buyerCountry ? [`Country: ${order.buyerCountry}`] : []),
  ];
  const item = [
    `${ORDER_KIND_TEXT[order.kind]}${order.gigTitle ? `: ${order.gigTitle}` : ""}`,
    ...(order.startsAt ? [`Session: ${formatSlotTime(order.startsAt, order.endsAt, timeZone)}`] : []),
    ...(order.seats ? [`Seats: ${order.seats}`] : []),
    ...(order.gamerTags.length > 0 ? [`Gamer tags: ${order.gamerTags.map((t) => t.gamertag).join(", ")}`] : []),
  ];
  const refundRows =
    refunds.length > 0
      ? refunds.map((refund) => ({
          label: refundLine(refund, timeZone),
          value: invoiceAmount(-refund.amountMinor, refund.currency),
        }))
      : // An amount refunded with no refund row to date it (data older than the refunds table): the total alone.
        [{ label: "Refunded", value: amount(-order.refundedMinor) }];
  return {
    meta: {
      title: `Noobrd invoice ${order.id}`,
      subject: `Invoice for order ${order.id}`,
      author: INVOICE_ISSUER.name,
      createdAt: now,
    },
    heading: "INVOICE",
    details: [
      `Order ID: ${order.id}`,
      `Invoice date: ${when(now)}`,
      `Order date: ${when(order.createdAt)}`,
      `Paid: ${order.paidAt ? when(order.paidAt) : "not paid"}${order.paymentMethod === "wallet" ? " (wallet)" : " (card)"}`,
      `Status: ${invoiceStatus(order)}`,
    ],
    parties: [
      { heading: "Seller", lines: seller },
      { heading: "Billed to", lines: buyer },
    ],
    item: { heading: "Item", lines: item },
    amounts: [
      { label: "Price", value: amount(order.amountMinor + order.discountMinor) },
      {
        label: `Discount${order.promoCode ? ` (promo code ${order.promoCode})` : ""}`,
        value: amount(-order.discountMinor),
      },
      { label: "Taxes (included in the price; no tax charged separately)", value: amount(0) },
      { label: "Total charged", value: amount(order.amountMinor), strong: true },
    ],
    refunds:
      refunds.length > 0 || order.refundedMinor > 0
        ? {
            heading: "Refunds",
            rows: [...refundRows, { label: "Net paid", value: amount(order.net.amountMinor), strong: true }],
          }
        : null,
    footer: [
      `${INVOICE_ISSUER.name} - ${INVOICE_ISSUER.line}.`,
      `Refunds follow the Cancellation Policy at ${origin}/cancellation-policy.`,
    ],
  };
}
