/**
 * Money is integer minor units plus an ISO currency code (DESIGN.md). Display rounding happens here and only
 * here: amounts are rounded UP to whole units unless decimals are asked for (SPEC.md section 9), in which case
 * they are rounded up to the minor unit.
 *
 * A price converted into the viewer's currency is never rounded on the way: `formatConverted` takes the USD
 * minor amount and the integer rate (micros, see db/schema/currency.ts), keeps the exact fraction
 * `minor * rateMicros / 1e6` in BigInt, and rounds it once, here.
 */
const SYMBOLS: Record<string, string> = { INR: "₹", USD: "$" };

export const RATE_SCALE = 1_000_000;

/** The currency a viewer sees prices in, with the rate from USD (RATE_SCALE for USD itself). */
export type DisplayCurrency = { code: "USD" | "INR"; rateMicros: number };

export const USD_DISPLAY: DisplayCurrency = { code: "USD", rateMicros: RATE_SCALE };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? "$";
}

/** ceil(numerator / denominator) for a positive denominator, in BigInt. */
function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/** Formats the exact amount `numerator / denominator` minor units, rounding once. */
function render(numerator: bigint, denominator: bigint, currency: string, decimals: boolean): string {
  const symbol = currencySymbol(currency);
  const sign = numerator < 0n ? "-" : "";
  const magnitude = numerator < 0n ? -numerator : numerator;
  if (decimals) {
    const minor = numerator < 0n ? magnitude / denominator : ceilDiv(magnitude, denominator);
    const cents = String(minor % 100n).padStart(2, "0");
    return `${sign}${symbol}${(minor / 100n).toLocaleString("en-US")}.${cents}`;
  }
  const whole = numerator < 0n ? magnitude / (denominator * 100n) : ceilDiv(magnitude, denominator * 100n);
  return `${sign}${symbol}${whole.toLocaleString("en-US")}`;
}

export function formatMoney(minor: number, currency: string, { decimals = false } = {}): string {
  return render(BigInt(minor), 1n, currency, decimals);
}

/** A USD amount (minor units) shown in the viewer's currency: converted and rounded once. */
export function formatConverted(usdMinor: number, display: DisplayCurrency, { decimals = false } = {}): string {
  return render(BigInt(usdMinor) * BigInt(display.rateMicros), BigInt(RATE_SCALE), display.code, decimals);
}

/**
 * An amount typed in `currency` (minor units) as USD minor units, at `rateMicros` (USD -> currency), rounded
 * once, half up. USD amounts pass through.
 */
export function toUsdMinor(minor: number, currency: "USD" | "INR", rateMicros: number): number {
  if (currency === "USD") return minor;
  const scaled = BigInt(minor) * BigInt(RATE_SCALE);
  const rate = BigInt(rateMicros);
  return Number((scaled * 2n + rate) / (rate * 2n));
}
