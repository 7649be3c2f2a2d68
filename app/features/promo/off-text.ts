import { type CurrencyCode, formatMoney, money } from "~/lib/money";

/**
 * What a promo code takes off, in words: "10% off" (value in basis points) or "₹50 off" (value in minor units of
 * its currency). The one place a code's value is read, for staff's and the streamer's lists alike.
 */
export function promoOffText(code: {
  kind: "percent" | "fixed";
  value: number;
  currency: CurrencyCode | null;
}): string {
  if (code.kind === "percent") return `${code.value / 100}% off`;
  return `${formatMoney(money(code.value, code.currency ?? "USD"))} off`;
}
