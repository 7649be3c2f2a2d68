import {
  type CurrencyCode,
  type FormatOptions,
  formatMoney,
  type Money,
  minorDigits,
  money,
  RATE_SCALE,
} from "./money";

/**
 * Money's arithmetic (docs/domain.md, "Money"): adding, subtracting, summing, per-currency totals, conversion at a
 * recorded rate, and the few renderings built on them. Two currencies never meet in one sum: the currency is a type
 * parameter (adding a Money<"INR"> to a Money<"USD"> is a type error) and every operation checks it at run time.
 * Kept apart from money.ts so the catalogue pages, which only show prices, do not ship it.
 */

/** A currency code read from outside the type system (a JSON snapshot, a form): one the app charges in. */
export function currencyCode(value: string | null | undefined): CurrencyCode {
  if (value === "USD" || value === "INR") return value;
  throw new RangeError(`Not a currency the app charges in: ${value}`);
}

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

/** Zero of a currency. */
function zeroMoney<C extends CurrencyCode>(currency: C): Money<C> {
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
 * An amount of the order's currency in USD minor units at `rateMicros` (units of that currency per USD, the rate
 * the order was charged at), rounded half up: how an order counts in a streamer's USD earnings and payouts.
 */
export function toUsdMinor(minor: number, currency: CurrencyCode, rateMicros: number): number {
  return convertMoney(money(minor, currency), "USD", rateMicros).amountMinor;
}
