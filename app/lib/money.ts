/**
 * Money is integer minor units plus an ISO currency code (docs/architecture.md). Two rules live here and only here
 * (docs/decisions/020-prices-in-the-streamers-currency.md):
 *
 * - THE price a viewer sees and pays (`priceIn`): a price is stored exactly as its streamer set it, in the
 *   streamer's currency; a viewer in that currency sees it exactly, a viewer in the other currency sees it
 *   converted at the stored rate, rounded UP once to a whole unit. The page shows that amount and checkout
 *   charges that amount: there is no other conversion of a price anywhere.
 * - THE formatting of an amount (`formatMoney`, which takes only a Money value): Intl.NumberFormat with the
 *   currency's locale (Indian grouping for rupees: ₹1,00,000). An amount is shown as it is: whole amounts without
 *   decimals, others with them, so what a page shows is what is charged.
 * And the value itself (docs/domain.md, "Money"): `Money`, made by `money()`; its arithmetic, which never mixes
 * two currencies, is in money-math.ts (apart, so pages that only show prices do not ship it).
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

/** The currencies the app prices and charges in (docs/domain.md: INR for country IN, USD otherwise). */
export type CurrencyCode = "USD" | "INR";

/**
 * An amount: integer minor units of one currency, as one value (docs/domain.md, "Money"). Use cases return it and
 * components take it; nothing outside this module adds, subtracts or formats a bare number of minor units. The
 * currency is a type parameter, so `addMoney(rupees, dollars)` of known currencies is a type error, and every
 * operation also checks it at run time (`CurrencyMismatchError`): two currencies never meet in one sum.
 */
export type Money<C extends CurrencyCode = CurrencyCode> = { readonly amountMinor: number; readonly currency: C };

/** The one way to make an amount: integer minor units (a fraction of a minor unit is a bug). */
export function money<C extends CurrencyCode>(amountMinor: number | bigint, currency: C): Money<C> {
  const minor = Number(amountMinor);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${amountMinor}`);
  return { amountMinor: minor, currency };
}

/** `value` times a whole number (seats times a seat's price). */
export function multiplyMoney<C extends CurrencyCode>(value: Money<C>, times: number): Money<C> {
  if (!Number.isInteger(times)) throw new RangeError(`Not a whole multiplier: ${times}`);
  return money(value.amountMinor * times, value.currency);
}

/**
 * The currency a viewer sees and pays prices in, with the stored USD -> INR rate (units of INR per USD, times
 * RATE_SCALE) and when it was fetched; `usdInrMicros` is null while no rate is stored.
 */
export type DisplayCurrency = { code: CurrencyCode; usdInrMicros: number | null; rateFetchedAt: number | null };

export const USD_DISPLAY: DisplayCurrency = { code: "USD", usdInrMicros: null, rateFetchedAt: null };

/**
 * The locale amounts are grouped by when the viewer's own is not known: Indian grouping (₹1,00,000) for
 * rupees, US grouping otherwise. Symbols and grouping come from Intl, never from a table of our own.
 */
function defaultLocaleFor(currency: string): string {
  return currency === "INR" ? "en-IN" : "en-US";
}

/**
 * One format for every amount a person reads: the minor digits only when the amount has a fraction, so an amount
 * is never shown rounded and a whole one is never padded ("$43", "$12.50", "₹1,999"). `display: "code"` is for
 * the invoice PDF, whose fonts have no ₹ glyph; `locale` groups by the viewer's own locale.
 */
export type FormatOptions = { locale?: string; display?: "symbol" | "code" };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, decimals: boolean, display: "symbol" | "code"): Intl.NumberFormat {
  const key = `${locale}|${currency}|${decimals}|${display}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = decimals ? minorDigits(currency) : 0;
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: display,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format;
}

const digitsOf = new Map<string, number>();

/**
 * How many minor-unit digits the currency has (2 for USD and INR), as ISO 4217 and Intl know it; asked of Intl once
 * per currency (every amount formatted asks it, and a number format costs a page's hydration its time).
 */
export function minorDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
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
  const locale = options.locale ?? defaultLocaleFor(currency);
  const digits = minorDigits(currency);
  const unit = 10n ** BigInt(digits);
  const decimals = numerator % (denominator * unit) !== 0n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const format = formatter(currency, locale, decimals, options.display ?? "symbol");
  if (decimals && digits > 0) {
    const minor = negative ? magnitude / denominator : ceilDiv(magnitude, denominator);
    const fraction = String(minor % unit).padStart(digits, "0");
    const exact = `${negative ? "-" : ""}${minor / unit}.${fraction}`;
    return format.format(exact as `${number}`);
  }
  const whole = negative ? magnitude / (denominator * unit) : ceilDiv(magnitude, denominator * unit);
  return format.format(negative ? -whole : whole);
}

/** THE formatter of an amount (Intl, Indian grouping for rupees). */
export function formatMoney(value: Money, options: FormatOptions = {}): string {
  return render(BigInt(value.amountMinor), 1n, value.currency, options);
}

/**
 * Units of `to` per unit of `from` as an exact fraction (numerator, denominator), from the stored USD -> INR rate;
 * null when the currencies differ and no rate is stored.
 */
function rateBetween(from: CurrencyCode, to: CurrencyCode, usdInrMicros: number | null): [bigint, bigint] | null {
  if (from === to) return [1n, 1n];
  if (!usdInrMicros || usdInrMicros <= 0) return null;
  const rate = BigInt(usdInrMicros);
  const scale = BigInt(RATE_SCALE);
  return from === "USD" ? [rate, scale] : [scale, rate];
}

/** A price as a viewer sees and pays it: `converted` says it is not the streamer's own amount. */
export type ViewerPrice = Money & { converted: boolean };

/**
 * THE price a viewer sees and is charged: the list price exactly when it is in the viewer's currency (or when no
 * rate is stored to convert it with), else converted at the stored rate and rounded UP once to a whole unit of
 * the viewer's currency. Pure, so the page, the booking form and checkout compute the same amount.
 */
export function priceIn(list: Money, display: DisplayCurrency): ViewerPrice {
  const rate = rateBetween(list.currency, display.code, display.usdInrMicros);
  if (list.currency === display.code || !rate) return { ...list, converted: false };
  const unit = 10n ** BigInt(minorDigits(display.code));
  const wholeUnits = ceilDiv(BigInt(list.amountMinor) * rate[0], rate[1] * unit);
  return { amountMinor: Number(wholeUnits * unit), currency: display.code, converted: true };
}

/** A list price formatted as the viewer sees it (`priceIn`). */
export function formatPrice(list: Money, display: DisplayCurrency, options: FormatOptions = {}): string {
  return formatMoney(priceIn(list, display), options);
}
