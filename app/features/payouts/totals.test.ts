import { describe, expect, it } from "vitest";
import { DEFAULT_PAYOUT_TAX_BPS, payoutsByCurrency, payoutTotals, percentShare } from "./totals";

const rates = { platformFeeBps: 2000, ...DEFAULT_PAYOUT_TAX_BPS };

describe("percentShare", () => {
  it("rounds half up, once, to a whole minor unit", () => {
    expect(percentShare(10_000, 1800)).toBe(1800);
    expect(percentShare(25, 1800)).toBe(5); // 4.5 -> 5
    expect(percentShare(24, 1800)).toBe(4); // 4.32 -> 4
    expect(percentShare(5_000, 10)).toBe(5); // 0.1% of 50.00
    expect(percentShare(4_999, 10)).toBe(5); // 4.999 -> 5
    expect(percentShare(4_949, 10)).toBe(5); // 4.949 -> 5
    expect(percentShare(4_944, 10)).toBe(5); // 4.944 -> 5
    expect(percentShare(4_940, 10)).toBe(5); // 4.94 -> 5
    expect(percentShare(4_900, 10)).toBe(5); // 4.9 -> 5
    expect(percentShare(4_400, 10)).toBe(4); // 4.4 -> 4
    expect(percentShare(0, 1800)).toBe(0);
  });

  it("stays exact past 2^53 / 10,000", () => {
    // 9,007,199,254,740.99 x 18%: the product passes 2^53 as a float.
    expect(percentShare(900_719_925_474_099, 1800)).toBe(162_129_586_585_338);
  });

  it("refuses fractional amounts or rates", () => {
    expect(() => percentShare(10.5, 1800)).toThrow(RangeError);
    expect(() => percentShare(100, 0.5)).toThrow(RangeError);
  });
});

describe("payoutTotals", () => {
  it("applies docs/domain.md's defaults to the orders, net of refunds", () => {
    const totals = payoutTotals([{ netMinor: 5_000 }, { netMinor: 2_000 }, { netMinor: 12_345 }], rates);
    // gross 193.45: fee 20% = 38.69; its tax 18% = 6.9642 -> 6.96; indirect tax 18% = 34.821 -> 34.82;
    // TDS 0.1% = 0.19345 -> 0.19; net = 193.45 - 38.69 - 6.96 - 34.82 - 0.19 = 112.79.
    expect(totals).toEqual({
      grossMinor: 19_345,
      platformFeeMinor: 3_869,
      platformFeeIndirectTaxMinor: 696,
      indirectTaxMinor: 3_482,
      tdsMinor: 19,
      netMinor: 11_279,
    });
  });

  it("adds up: gross is net plus everything withheld", () => {
    for (const gross of [1, 99, 1_000, 123_457, 9_999_999]) {
      for (const platformFeeBps of [0, 1250, 2000, 3333]) {
        const totals = payoutTotals([{ netMinor: gross }], { ...rates, platformFeeBps });
        const withheld =
          totals.platformFeeMinor + totals.platformFeeIndirectTaxMinor + totals.indirectTaxMinor + totals.tdsMinor;
        expect(totals.netMinor + withheld).toBe(gross);
        expect(Number.isInteger(totals.netMinor)).toBe(true);
      }
    }
  });

  it("is all zeros for no orders", () => {
    expect(payoutTotals([], rates)).toEqual({
      grossMinor: 0,
      platformFeeMinor: 0,
      platformFeeIndirectTaxMinor: 0,
      indirectTaxMinor: 0,
      tdsMinor: 0,
      netMinor: 0,
    });
  });
});

describe("payoutsByCurrency", () => {
  it("proposes one payout per currency, each with its own totals, never adding currencies", () => {
    const groups = payoutsByCurrency(
      [
        { id: "a", currency: "USD", netMinor: 5_000 },
        { id: "b", currency: "INR", netMinor: 49_900 },
        { id: "c", currency: "USD", netMinor: 3_000 },
      ],
      rates,
    );
    expect(groups.map((g) => [g.currency, g.orders.map((o) => o.id)])).toEqual([
      ["INR", ["b"]],
      ["USD", ["a", "c"]],
    ]);
    expect(groups[0]?.totals).toEqual(payoutTotals([{ netMinor: 49_900 }], rates));
    expect(groups[1]?.totals.grossMinor).toBe(8_000);
    expect(payoutsByCurrency([], rates)).toEqual([]);
  });
});
