/**
 * Money is integer minor units plus an ISO currency code (docs/architecture.md). Display rounding happens here and only
 * here: amounts are rounded UP to whole units unless decimals are asked for (docs/domain.md), in which case
 * they are rounded up to the minor unit.
 *
 * A price converted into the viewer's currency is never rounded on the way: `formatConverted` takes the USD
 * minor amount and the integer rate (micros, see db/schema/currency.ts), keeps the exact fraction
 * `minor * rateMicros / 1e6` in BigInt, and rounds it once, here.
 */
export const RATE_SCALE = 1_000_000;

/**
 * The upper bound of any one stored amount (a price, an order, a discount, a refund, a wallet entry), in minor
 * units: 100,000.00 of a currency. Well inside Stripe's per-payment limit (999,999.99) and ~900 million times below
 * 2^53, so no amount is ever inexact in JavaScript and no sum of them overflows SQLite's 64-bit integers. The
 * schemas refuse more with a clear message; migration 0012's triggers refuse it in the database
 * (docs/decisions/018).
 */
export const MAX_AMOUNT_MINOR = 10_000_000;

/** The currency a viewer sees prices in, with the rate from USD (RATE_SCALE for USD itself). */
export type DisplayCurrency = { code: "USD" | "INR"; rateMicros: number };

export const USD_DISPLAY: DisplayCurrency = { code: "USD", rateMicros: RATE_SCALE };

/**
 * The locale amounts are grouped by when the viewer's own is not known: Indian grouping (₹1,00,000) for
 * rupees, US grouping otherwise. Symbols and grouping come from Intl, never from a table of our own.
 */
export function defaultLocaleFor(currency: string): string {
  return currency === "INR" ? "en-IN" : "en-US";
}

type FormatOptions = { decimals?: boolean; locale?: string };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, decimals: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${decimals}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = decimals ? minorDigits(currency) : 0;
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format;
}

/** How many minor-unit digits the currency has (2 for USD and INR), as ISO 4217 and Intl know it. */
function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** ceil(numerator / denominator) for a positive denominator, in BigInt. */
function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/**
 * Formats the exact amount `numerator / denominator` minor units, rounding once (up for positive amounts,
 * toward zero for negative ones). The rounded value reaches Intl as an exact decimal string or a BigInt, so
 * Intl only groups and places the symbol; it never rounds.
 */
function render(numerator: bigint, denominator: bigint, currency: string, options: FormatOptions): string {
  const decimals = options.decimals ?? false;
  const locale = options.locale ?? defaultLocaleFor(currency);
  const digits = minorDigits(currency);
  const unit = 10n ** BigInt(digits);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const format = formatter(currency, locale, decimals);
  if (decimals && digits > 0) {
    const minor = negative ? magnitude / denominator : ceilDiv(magnitude, denominator);
    const fraction = String(minor % unit).padStart(digits, "0");
    const exact = `${negative ? "-" : ""}${minor / unit}.${fraction}`;
    return format.format(exact as `${number}`);
  }
  const whole = negative ? magnitude / (denominator * unit) : ceilDiv(magnitude, denominator * unit);
  return format.format(negative ? -whole : whole);
}

export function formatMoney(minor: number, currency: string, options: FormatOptions = {}): string {
  return render(BigInt(minor), 1n, currency, options);
}

/** A USD amount (minor units) shown in the viewer's currency: converted and rounded once. */
export function formatConverted(usdMinor: number, display: DisplayCurrency, options: FormatOptions = {}): string {
  return render(BigInt(usdMinor) * BigInt(display.rateMicros), BigInt(RATE_SCALE), display.code, options);
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
