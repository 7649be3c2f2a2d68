import { type CurrencyCode, formatMoney, money } from "./money";

/**
 * What every invoice shares (an order's: app/features/booking/invoice.server.ts; a session pack's or a VIP pass's:
 * app/features/packs/invoice.server.ts): the seller of record named beside the streamer, and how an amount is written.
 */
export const INVOICE_ISSUER = {
  name: "Noobrd",
  line: "Marketplace for game sessions with streamers",
  email: "billing@noobrd.gg",
};

/**
 * "INR 1,00,000.00": the one money format (app/lib/money.ts), with the currency's code instead of its symbol since
 * the standard PDF fonts cannot draw ₹, and plain spaces for the font's sake.
 */
export function invoiceAmount(minor: number, currency: CurrencyCode): string {
  return formatMoney(money(minor, currency), { display: "code" }).replace(/\s/g, " ");
}
