/**
 * Money is integer minor units plus an ISO currency code (DESIGN.md). Display rounding happens here and only
 * here: amounts are rounded UP to whole units unless decimals are asked for (SPEC.md section 9).
 */
const SYMBOLS: Record<string, string> = { INR: "₹", USD: "$" };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? "$";
}

export function formatMoney(minor: number, currency: string, { decimals = false } = {}): string {
  const symbol = currencySymbol(currency);
  if (decimals) return `${symbol}${(minor / 100).toFixed(2)}`;
  return `${symbol}${Math.ceil(minor / 100).toLocaleString("en-US")}`;
}
