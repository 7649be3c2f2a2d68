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
 * And the value itself (docs/domain.md, "Money"): `Money` and its arithmetic, which never mixes two currencies.
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

/** A currency code read from outside the type system (a JSON snapshot, a form): one the app charges in. */
export function currencyCode(value: string | null | undefined): CurrencyCode {
  if (value === "USD" || value === "INR") return value;
  throw new RangeError(`Not a currency the app charges in: ${value}`);
}

/**
 * An amount: integer minor units of one currency, as one value (docs/domain.md, "Money"). Use cases return it and
 * components take it; nothing outside this module adds, subtracts or formats a bare number of minor units. The
 * currency is a type parameter, so `addMoney(rupees, dollars)` of known currencies is a type error, and every
 * operation also checks it at run time (`CurrencyMismatchError`): two currencies never meet in one sum.
 */
export type Money<C extends CurrencyCode = CurrencyCode> = { readonly amountMinor: number; readonly currency: C };

/** A value made by `convertMoney`: it remembers what it was converted from and at which recorded rate. */
export type ConvertedMoney<C extends CurrencyCode = CurrencyCode> = Money<C> & {
  readonly conversion: { readonly from: Money; readonly rateMicros: number };
};

/** Two amounts of different currencies were about to be added, compared or subtracted: a bug, never input. */
export class CurrencyMismatchError extends Error {
  constructor(a: CurrencyCode, b: CurrencyCode) {
    super(`Amounts in ${a} and ${b} cannot be combined; convert one at a recorded rate first`);
    this.name = "CurrencyMismatchError";
  }
}

/** The one way to make an amount: integer minor units (a fraction of a minor unit is a bug). */
export function money<C extends CurrencyCode>(amountMinor: number | bigint, currency: C): Money<C> {
  const minor = Number(amountMinor);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${amountMinor}`);
  return { amountMinor: minor, currency };
}

export function zeroMoney<C extends CurrencyCode>(currency: C): Money<C> {
  return money(0, currency);
}

function sameCurrency(a: Money, b: Money): void {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
}

export function addMoney<C extends CurrencyCode>(a: Money<C>, b: Money<NoInfer<C>>): Money<C> {
  sameCurrency(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtractMoney<C extends CurrencyCode>(a: Money<C>, b: Money<NoInfer<C>>): Money<C> {
  sameCurrency(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

/** `value` times a whole number (seats times a seat's price). */
export function multiplyMoney<C extends CurrencyCode>(value: Money<C>, times: number): Money<C> {
  if (!Number.isInteger(times)) throw new RangeError(`Not a whole multiplier: ${times}`);
  return money(value.amountMinor * times, value.currency);
}

/** The sum of amounts of one currency (zero of `currency` for none); a value of another currency throws. */
export function sumMoney<C extends CurrencyCode>(currency: C, values: readonly Money[]): Money<C> {
  let total: Money = zeroMoney(currency);
  for (const value of values) total = addMoney(total, value);
  return money(total.amountMinor, currency);
}

/** The order totals are listed in wherever currencies meet: rupees first, then dollars. */
const CURRENCY_ORDER: readonly CurrencyCode[] = ["INR", "USD"];

/**
 * One total per currency of `values` (those with no amount left out), rupees first: how amounts of several
 * currencies are shown together. Never one sum of mixed currencies.
 */
export function totalsByCurrency(values: readonly Money[]): Money[] {
  const totals = new Map<CurrencyCode, Money>();
  for (const value of values) {
    const sum = totals.get(value.currency);
    totals.set(value.currency, sum ? addMoney(sum, value) : value);
  }
  return CURRENCY_ORDER.flatMap((code) => {
    const total = totals.get(code);
    return total ? [money(total.amountMinor, code)] : [];
  });
}

/**
 * `value` in `to` at a recorded rate (`rateMicros`: units of INR per USD, times RATE_SCALE, as orders store it),
 * rounded half up once. The result remembers what it came from and the rate.
 */
export function convertMoney<C extends CurrencyCode>(value: Money, to: C, rateMicros: number): ConvertedMoney<C> {
  if (!Number.isSafeInteger(rateMicros) || rateMicros <= 0) throw new RangeError(`Not a rate: ${rateMicros}`);
  const rate =
    value.currency === to
      ? [1n, 1n]
      : value.currency === "USD"
        ? [BigInt(rateMicros), BigInt(RATE_SCALE)]
        : [BigInt(RATE_SCALE), BigInt(rateMicros)];
  const [numerator, denominator] = rate as [bigint, bigint];
  const scaled = BigInt(value.amountMinor) * numerator;
  const sign = scaled < 0n ? -1n : 1n;
  const rounded = (sign * scaled * 2n + denominator) / (denominator * 2n);
  return { ...money(sign * rounded, to), conversion: { from: money(value.amountMinor, value.currency), rateMicros } };
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
export function defaultLocaleFor(currency: string): string {
  return currency === "INR" ? "en-IN" : "en-US";
}

/**
 * One format for every amount a person reads: the minor digits only when the amount has a fraction, so an amount
 * is never shown rounded and a whole one is never padded ("$43", "$12.50", "₹1,999"). `display: "code"` is for
 * the invoice PDF, whose fonts have no ₹ glyph; `locale` groups by the viewer's own locale.
 */
type FormatOptions = { locale?: string; display?: "symbol" | "code" };

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

/** An amount as a plain decimal of its currency, as a form field shows it: "199", "199.5" is "199.50". */
export function toDecimalString(value: Money): string {
  const digits = minorDigits(value.currency);
  const unit = 10n ** BigInt(digits);
  const minor = BigInt(value.amountMinor);
  const magnitude = minor < 0n ? -minor : minor;
  const whole = `${minor < 0n ? "-" : ""}${magnitude / unit}`;
  const fraction = magnitude % unit;
  return fraction === 0n ? whole : `${whole}.${String(fraction).padStart(digits, "0")}`;
}

/** A chart axis's labels: whole units of `currency`, compact ("₹1.2K", "$30"), in the reader's locale. */
export function axisFormatter(currency: CurrencyCode): (wholeUnits: number) => string {
  const format = new Intl.NumberFormat(undefined, {
    style: "currency",
    currency,
    notation: "compact",
    maximumFractionDigits: 1,
  });
  return (wholeUnits) => format.format(wholeUnits);
}

/** An amount in whole units as a plain number, for drawing only (a chart's bar height); never for sums. */
export function toMajorUnits(value: Money): number {
  return value.amountMinor / 10 ** minorDigits(value.currency);
}

/**
 * Amounts of several currencies read together: one total per currency, joined ("₹16,989 + $43"); `none` (a
 * zero in the reader's currency) when there is nothing.
 */
export function formatTotals(values: readonly Money[], none: CurrencyCode, options: FormatOptions = {}): string {
  const totals = totalsByCurrency(values).filter((total) => total.amountMinor !== 0);
  if (totals.length === 0) return formatMoney(zeroMoney(none), options);
  return totals.map((total) => formatMoney(total, options)).join(" + ");
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

/**
 * An amount of the order's currency in USD minor units at `rateMicros` (units of that currency per USD, the rate
 * the order was charged at), rounded half up: how an order counts in a streamer's USD earnings and payouts.
 */
export function toUsdMinor(minor: number, currency: CurrencyCode, rateMicros: number): number {
  if (currency === "USD") return minor;
  const scaled = BigInt(minor) * BigInt(RATE_SCALE);
  const rate = BigInt(rateMicros);
  return Number((scaled * 2n + rate) / (rate * 2n));
}
