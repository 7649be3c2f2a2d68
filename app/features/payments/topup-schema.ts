import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { toMajorUnits } from "~/lib/money-math";
import { z } from "~/lib/zod";

/**
 * Top-ups, in the currency the fan's wallet holds (docs/decisions/020-prices-in-the-streamers-currency.md): whole
 * units between $5 and $500, or ₹100 and ₹50,000 (the same floor as a price: 5 USD / 100 INR).
 */
export const TOPUP_LIMITS: Record<CurrencyCode, { minMinor: number; maxMinor: number }> = {
  USD: { minMinor: 500, maxMinor: 50_000 },
  INR: { minMinor: 10_000, maxMinor: 5_000_000 },
};

export function topupRangeMessage(currency: CurrencyCode): string {
  const { minMinor, maxMinor } = TOPUP_LIMITS[currency];
  return `Top up between ${formatMoney(money(minMinor, currency))} and ${formatMoney(money(maxMinor, currency))}`;
}

/** The top-up range in whole units of the wallet's currency, as the form's number field takes it. */
export function topupUnits(currency: CurrencyCode): { min: number; max: number } {
  const { minMinor, maxMinor } = TOPUP_LIMITS[currency];
  return { min: toMajorUnits(money(minMinor, currency)), max: toMajorUnits(money(maxMinor, currency)) };
}

/** The form: an amount in whole units of the wallet's currency. */
export function topupSchema(currency: CurrencyCode) {
  const message = topupRangeMessage(currency);
  const { min, max } = topupUnits(currency);
  return z.object({
    amount: z.coerce.number({ error: message }).int(message).min(min, message).max(max, message),
  });
}
