import { describe, expect, it } from "vitest";
import { type Module, modulesUnder } from "./scanner";

/**
 * Routes and components never do money arithmetic of their own (docs/domain.md, "Money"): an amount reaches them
 * as a Money value from a use case, and `formatMoney` (which takes only a Money, so a bare number is a type error)
 * is the one formatter. This test reads every route and component and refuses
 * - arithmetic on a minor-units figure (`order.amountMinor - order.refundedMinor`, `priceMinor * seats`,
 *   `limits.maxMinor / 100`), the way the streamer dashboard once showed rupees multiplied by the rate;
 * - a currency formatter of its own (`Intl.NumberFormat` with `style: "currency"`) outside app/lib/money.ts.
 */

/** A figure in minor units: an identifier ending in Minor (`amountMinor`, `o.refundedMinor`, `totals.netMinor`). */
const MINOR = String.raw`[A-Za-z_$][\w$]*(?:\??\.[\w$]+)*Minor\b`;
const OPERATOR = "(?:[-+*/%](?![-+=>]))";
const ARITHMETIC = [
  new RegExp(String.raw`${MINOR}\s*\)?\s*${OPERATOR}\s*[\w$(.]`),
  new RegExp(String.raw`[\w$)\]]\s*${OPERATOR}\s*\(?\s*${MINOR}`),
];
const OWN_FORMATTER = /style:\s*["']currency["']/;

/** The lines of `source` that do money arithmetic or format currency themselves, as "line: text". */
function moneyInView(source: string): string[] {
  return source
    .split("\n")
    .map((line, index) => ({ line: line.replace(/\/\/.*$/, ""), number: index + 1 }))
    .filter(({ line }) => !/^\s*(\*|\/\*)/.test(line))
    .filter(({ line }) => ARITHMETIC.some((pattern) => pattern.test(line)) || OWN_FORMATTER.test(line))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

/** Route modules (pages and /api alike) and every feature's components. */
function viewFiles(): Module[] {
  const features = modulesUnder(["app/features"], { tests: false }).filter(({ path }) => path.includes("/components/"));
  return [...modulesUnder(["app/routes", "app/components"], { tests: false }), ...features];
}

describe("money in routes and components", () => {
  it("finds the arithmetic and formatters it refuses (the detector itself)", () => {
    expect(moneyInView("amount: money(o.amountMinor - o.refundedMinor)")).toHaveLength(1);
    expect(moneyInView("total {formatMoney(money(props.price.amountMinor * players, c))}")).toHaveLength(1);
    expect(moneyInView("max={limits.maxMinor / 100}")).toHaveLength(1);
    expect(moneyInView("const gross = fee + row.grossMinor;")).toHaveLength(1);
    expect(moneyInView('new Intl.NumberFormat(locale, { style: "currency", currency })')).toHaveLength(1);
    expect(moneyInView("{entry.amountMinor > 0 ? '+' : ''}")).toEqual([]);
    expect(moneyInView("amount: formatMoney(o.net),")).toEqual([]);
    expect(moneyInView("const x = a - b; // was o.amountMinor - o.refundedMinor")).toEqual([]);
  });

  it("leaves sums and formatting of amounts to the use cases and app/lib/money.ts", () => {
    const found = viewFiles().flatMap(({ path, source }) => moneyInView(source).map((line) => `${path}:${line}`));
    expect(found).toEqual([]);
  });
});
