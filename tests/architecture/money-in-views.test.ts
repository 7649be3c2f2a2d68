import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Routes and components never do money arithmetic of their own (docs/domain.md, "Money"): an amount reaches them
 * as a Money value from a use case, and `formatMoney` (which takes only a Money, so a bare number is a type error)
 * is the one formatter. This test reads every route and component and refuses
 * - arithmetic on a minor-units figure (`order.amountMinor - order.refundedMinor`, `priceMinor * seats`,
 *   `limits.maxMinor / 100`), the way the streamer dashboard once showed rupees multiplied by the rate;
 * - a currency formatter of its own (`Intl.NumberFormat` with `style: "currency"`) outside app/lib/money.ts.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const APP = join(ROOT, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A figure in minor units: an identifier ending in Minor (`amountMinor`, `o.refundedMinor`, `totals.netMinor`). */
const MINOR = String.raw`[A-Za-z_$][\w$]*(?:\??\.[\w$]+)*Minor\b`;
const OPERATOR = String.raw`(?:[-+*/%](?![-+=>]))`;
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
function viewFiles(): string[] {
  const routes = sourceFiles(join(APP, "routes"));
  const components = sourceFiles(join(APP, "features")).filter((path) => path.includes("/components/"));
  return [...routes, ...components, ...sourceFiles(join(APP, "components"))];
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
    const found = viewFiles().flatMap((path) =>
      moneyInView(readFileSync(path, "utf8")).map((line) => `${relative(ROOT, path)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
