import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isOrderStaff, type Viewer } from "~/features/access";
import { bpsToPercent, platformFeeOf } from "~/features/payouts";
import { defaultRates } from "~/features/payouts/index.server";
import { formatWhen } from "~/features/time";
import { notFound } from "~/lib/errors";
import { INVOICE_ISSUER, invoiceAmount } from "~/lib/invoice";
import type { CurrencyCode } from "~/lib/money";
import { type Db, getDb } from "~/platform/db.server";
import { drawInvoicePdf, type InvoiceFacts } from "~/platform/documents.server";
import { gigs, packPurchases, users, walletEntries } from "~db/schema";
import { PACKS_COPY } from "./copy";

/**
 * The invoice of something bought in advance (docs/decisions/040-packs-and-passes-by-card.md): a session pack's here,
 * a VIP pass's through the same facts (app/features/passes/invoice.server.ts). Like an order's invoice
 * (app/features/booking/invoice.server.ts) it names both parties, the dates in the reader's zone and what was paid,
 * and beside the price it shows the platform fee and the GST on that fee, by the payouts' one rule
 * (`platformFeeOf`, app/features/payouts/totals.ts) at the rates of the day it was bought. Unused value refunded at
 * expiry is listed as a refund. Only the buyer and order staff may read it; anyone else, or a purchase not paid, is
 * "not found".
 */
export type PrepaidInvoice = {
  id: string;
  /** Which purchase: its expiry refunds are the wallet's `pack_refund` or `pass_refund` entries naming it. */
  kind: "pack" | "pass";
  /** "Session pack" or "VIP pass". */
  what: string;
  buyerId: string;
  streamerId: string;
  amountMinor: number;
  currency: CurrencyCode;
  paymentMethod: "card" | "wallet";
  /** The card top-up that paid it (bought by card). */
  orderId: string | null;
  status: "pending_payment" | "paid" | "cancelled";
  paidAt: Date | null;
  expiresAt: Date;
  platformFeeBps: number | null;
  platformFeeTaxBps: number | null;
  /** What it is, line by line ("Session pack: Ranked duos", "Sessions: 5"). */
  item: string[];
  /** What unused was refunded to the wallet when it ran out. */
  refundNote: string;
};

const streamers = alias(users, "streamers");

/** The parties' names and addresses as the invoice prints them. */
async function parties(db: Db, buyerId: string, streamerId: string) {
  const [row] = await db
    .select({
      buyerName: users.fullName,
      buyerUsername: users.username,
      buyerEmail: users.email,
      buyerCountry: users.country,
      streamerName: streamers.fullName,
      streamerUsername: streamers.username,
    })
    .from(users)
    .innerJoin(streamers, eq(streamers.id, streamerId))
    .where(eq(users.id, buyerId));
  if (!row) throw notFound(PACKS_COPY.invoiceNotFound);
  return row;
}

/** A wallet refund of what was left at expiry. */
type ExpiryRefund = { amountMinor: number; currency: CurrencyCode; at: Date };

/** The wallet refunds of what was left of the purchase at expiry (`pack_refund` or `pass_refund` entries), oldest first. */
async function expiryRefunds(db: Db, invoice: Pick<PrepaidInvoice, "id" | "kind">): Promise<ExpiryRefund[]> {
  const rows = await db
    .select({ amountMinor: walletEntries.amountMinor, currency: walletEntries.currency, at: walletEntries.createdAt })
    .from(walletEntries)
    .where(
      invoice.kind === "pack"
        ? and(eq(walletEntries.packId, invoice.id), eq(walletEntries.kind, "pack_refund"))
        : and(eq(walletEntries.passId, invoice.id), eq(walletEntries.kind, "pass_refund")),
    )
    .orderBy(asc(walletEntries.createdAt));
  return rows.map((refund) => ({ ...refund, currency: refund.currency as CurrencyCode }));
}

/** The PDF of a paid prepaid purchase, for its buyer or order staff (404 to anyone else, and for one never paid). */
export async function prepaidInvoicePdf(
  env: Env,
  viewer: Viewer,
  invoice: PrepaidInvoice | null,
  options: { timeZone: string; origin: string; now?: Date },
): Promise<{ bytes: Uint8Array; filename: string }> {
  if (!invoice || (viewer.id !== invoice.buyerId && !isOrderStaff(viewer))) throw notFound(PACKS_COPY.invoiceNotFound);
  // An invoice records a payment: a card purchase never paid, or ended unbought, has none.
  if (invoice.status !== "paid" || !invoice.paidAt) throw notFound(PACKS_COPY.invoiceNotFound);
  const db = getDb(env);
  const now = options.now ?? new Date();
  const [who, refunds, rates] = await Promise.all([
    parties(db, invoice.buyerId, invoice.streamerId),
    expiryRefunds(db, invoice),
    invoice.platformFeeBps === null || invoice.platformFeeTaxBps === null
      ? defaultRates(db, invoice.streamerId).then((rates) => ({
          platformFeeBps: rates.platformFeeBps,
          platformFeeTaxBps: rates.platformFeeIndirectTaxBps,
        }))
      : { platformFeeBps: invoice.platformFeeBps, platformFeeTaxBps: invoice.platformFeeTaxBps },
  ]);
  const facts = prepaidInvoiceFacts(invoice, who, rates, refunds, { ...options, now });
  return {
    bytes: await drawInvoicePdf(env, facts),
    filename: `noobrd-invoice-${invoice.what.toLowerCase().replace(/\s+/g, "-")}-${invoice.id}.pdf`,
  };
}

function prepaidInvoiceFacts(
  invoice: PrepaidInvoice,
  who: Awaited<ReturnType<typeof parties>>,
  rates: { platformFeeBps: number; platformFeeTaxBps: number },
  refunds: ExpiryRefund[],
  options: { timeZone: string; origin: string; now: Date },
): InvoiceFacts {
  const when = (date: Date) => formatWhen(date, options.timeZone);
  const amount = (minor: number) => invoiceAmount(minor, invoice.currency);
  // The payouts' rule, on the price: the fee, then the GST on the fee as charged (each rounded once).
  const fee = platformFeeOf(invoice.amountMinor, {
    platformFeeBps: rates.platformFeeBps,
    platformFeeIndirectTaxBps: rates.platformFeeTaxBps,
  });
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
  return {
    meta: {
      title: `Noobrd invoice ${invoice.id}`,
      subject: `Invoice for ${invoice.what.toLowerCase()} ${invoice.id}`,
      author: INVOICE_ISSUER.name,
      createdAt: options.now,
    },
    heading: "INVOICE",
    details: [
      `${invoice.what} ID: ${invoice.id}`,
      ...(invoice.orderId ? [`Card payment: order ${invoice.orderId}`] : []),
      `Invoice date: ${when(options.now)}`,
      `Paid: ${when(invoice.paidAt ?? options.now)} (${invoice.paymentMethod})`,
      `Valid until: ${when(invoice.expiresAt)}`,
      `Status: ${refunded > 0 ? "Paid; what was left refunded at expiry" : "Paid"}`,
    ],
    parties: [
      {
        heading: "Seller",
        lines: [
          who.streamerName || who.streamerUsername,
          `@${who.streamerUsername} (creator on Noobrd)`,
          `Sold through ${INVOICE_ISSUER.name}, ${INVOICE_ISSUER.email}`,
        ],
      },
      {
        heading: "Billed to",
        lines: [
          who.buyerName || who.buyerUsername,
          `@${who.buyerUsername}`,
          ...(who.buyerEmail ? [who.buyerEmail] : []),
          ...(who.buyerCountry ? [`Country: ${who.buyerCountry}`] : []),
        ],
      },
    ],
    item: { heading: "Item", lines: invoice.item },
    amounts: [
      { label: "Price", value: amount(invoice.amountMinor) },
      {
        label: `Platform fee (${bpsToPercent(rates.platformFeeBps)}% of the price, included)`,
        value: amount(fee.platformFeeMinor),
      },
      {
        label: `GST on the platform fee (${bpsToPercent(rates.platformFeeTaxBps)}%, included)`,
        value: amount(fee.platformFeeIndirectTaxMinor),
      },
      { label: "Total charged", value: amount(invoice.amountMinor), strong: true },
    ],
    refunds:
      refunds.length > 0
        ? {
            heading: "Refunds",
            rows: [
              ...refunds.map((refund) => ({
                label: `${invoice.refundNote} on ${when(refund.at)}`,
                value: invoiceAmount(-refund.amountMinor, refund.currency),
              })),
              { label: "Net paid", value: amount(invoice.amountMinor - refunded), strong: true },
            ],
          }
        : null,
    footer: [
      `${INVOICE_ISSUER.name} - ${INVOICE_ISSUER.line}.`,
      "GST on the platform fee is charged when this purchase is paid; a refund of unused value reduces it.",
      `Refunds follow the Cancellation Policy at ${options.origin}/cancellation-policy.`,
    ],
  };
}

/** GET /api/get/user_pack/invoice/:packId: a session pack's invoice (its buyer and order staff only). */
export async function packInvoicePdf(
  env: Env,
  viewer: Viewer,
  packId: string,
  options: { timeZone: string; origin: string; now?: Date },
) {
  const db = getDb(env);
  const [row] = await db
    .select({
      id: packPurchases.id,
      buyerId: packPurchases.userId,
      streamerId: packPurchases.streamerId,
      gigTitle: gigs.title,
      sessions: packPurchases.sessions,
      amountMinor: packPurchases.amountMinor,
      currency: packPurchases.currency,
      paymentMethod: packPurchases.paymentMethod,
      orderId: packPurchases.orderId,
      status: packPurchases.status,
      paidAt: packPurchases.paidAt,
      expiresAt: packPurchases.expiresAt,
      platformFeeBps: packPurchases.platformFeeBps,
      platformFeeTaxBps: packPurchases.platformFeeTaxBps,
    })
    .from(packPurchases)
    .innerJoin(gigs, eq(gigs.id, packPurchases.gigId))
    .where(eq(packPurchases.id, packId))
    .limit(1);
  return prepaidInvoicePdf(
    env,
    viewer,
    row
      ? {
          ...row,
          currency: row.currency as CurrencyCode,
          kind: "pack",
          what: "Session pack",
          item: [`Session pack: ${row.gigTitle}`, `Sessions: ${row.sessions}`],
          refundNote: "Unused credits refunded to wallet",
        }
      : null,
    options,
  );
}
