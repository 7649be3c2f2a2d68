import { describe, expect, it } from "vitest";
import { formatMoney, formatPrice, type Money, money, multiplyMoney, priceIn, USD_DISPLAY } from "./money";
import {
  addMoney,
  CurrencyMismatchError,
  convertMoney,
  formatTotals,
  subtractMoney,
  sumMoney,
  totalsByCurrency,
  toUsdMinor,
} from "./money-math";

const inr = { code: "INR", usdInrMicros: 84_123_456, rateFetchedAt: null } as const;
const usdWithRate = { code: "USD", usdInrMicros: 84_123_456, rateFetchedAt: null } as const;

describe("formatMoney: one format for every amount", () => {
  it("shows an amount as it is: whole amounts without decimals, others with them", () => {
    expect(formatMoney(money(1201, "USD"))).toBe("$12.01");
    expect(formatMoney(money(1200, "USD"))).toBe("$12");
    expect(formatMoney(money(1250, "USD"))).toBe("$12.50");
    expect(formatMoney(money(5, "USD"))).toBe("$0.05");
    expect(formatMoney(money(150_000, "INR"))).toBe("₹1,500");
    expect(formatMoney(money(49_900, "INR"))).toBe("₹499");
  });

  it("groups by the locale: Indian grouping for rupees, US grouping for dollars, or the viewer's own", () => {
    expect(formatMoney(money(10_000_000, "INR"))).toBe("₹1,00,000");
    expect(formatMoney(money(10_000_000, "USD"))).toBe("$100,000");
    expect(formatMoney(money(10_000_000, "INR"), { locale: "en-US" })).toBe("₹100,000");
    expect(formatMoney(money(123_456_789, "INR"))).toBe("₹12,34,567.89");
    expect(formatMoney(money(-1_234_567, "USD"))).toBe("-$12,345.67");
    // The invoice's form (no ₹ glyph in the PDF fonts): the code, same grouping.
    expect(formatMoney(money(10_000_001, "INR"), { display: "code" }).replace(/\s/g, " ")).toBe("INR 1,00,000.01");
  });
});

describe("Money: one currency per value", () => {
  it("adds, subtracts and sums amounts of one currency", () => {
    expect(addMoney(money(199, "USD"), money(1, "USD"))).toEqual(money(200, "USD"));
    expect(subtractMoney(money(19_900, "INR"), money(9_950, "INR"))).toEqual(money(9_950, "INR"));
    expect(sumMoney("INR", [money(100, "INR"), money(250, "INR")])).toEqual(money(350, "INR"));
    expect(sumMoney("USD", [])).toEqual(money(0, "USD"));
    expect(multiplyMoney(money(499, "USD"), 3)).toEqual(money(1497, "USD"));
  });

  it("never combines two currencies: a type error for known currencies, and refused at run time", () => {
    const rupees: Money = money(19_900, "INR");
    const dollars: Money = money(4_300, "USD");
    // @ts-expect-error Money<"INR"> and Money<"USD"> cannot be added
    expect(() => addMoney(money(1, "INR"), money(1, "USD"))).toThrow(CurrencyMismatchError);
    expect(() => addMoney(rupees, dollars)).toThrow(CurrencyMismatchError);
    expect(() => subtractMoney(rupees, dollars)).toThrow(CurrencyMismatchError);
    expect(() => sumMoney("INR", [rupees, dollars])).toThrow(CurrencyMismatchError);
  });

  it("refuses fractions of a minor unit", () => {
    expect(() => money(1.5, "USD")).toThrow(RangeError);
    expect(() => multiplyMoney(money(100, "USD"), 1.5)).toThrow(RangeError);
  });

  it("totals per currency, rupees first, and formats them joined, never summed", () => {
    const values = [money(19_900, "INR"), money(4_300, "USD"), money(199_900, "INR"), money(700, "USD")];
    expect(totalsByCurrency(values)).toEqual([money(219_800, "INR"), money(5_000, "USD")]);
    expect(formatTotals(values, "INR")).toBe("₹2,198 + $50");
    expect(formatTotals([], "INR")).toBe("₹0");
    expect(formatTotals([money(0, "USD")], "INR")).toBe("₹0");
  });

  it("converts at a recorded rate, rounding half up once, and remembers the rate", () => {
    const converted = convertMoney(money(16_900, "INR"), "USD", 84_123_456);
    expect(converted.amountMinor).toBe(201); // 169 / 84.123456 = 2.00895
    expect(converted.currency).toBe("USD");
    expect(converted.conversion).toEqual({ from: money(16_900, "INR"), rateMicros: 84_123_456 });
    expect(convertMoney(money(100, "USD"), "INR", 84_123_456).amountMinor).toBe(8412);
    expect(convertMoney(money(499, "USD"), "USD", 84_123_456).amountMinor).toBe(499);
    expect(convertMoney(money(16_900, "INR"), "USD", 84_123_456).amountMinor).toBe(
      toUsdMinor(16_900, "INR", 84_123_456),
    );
  });
});

describe("priceIn: the price a viewer sees and is charged", () => {
  it("is the list price exactly in the streamer's own currency", () => {
    expect(priceIn({ amountMinor: 49_900, currency: "INR" }, inr)).toEqual({
      amountMinor: 49_900,
      currency: "INR",
      converted: false,
    });
    expect(priceIn({ amountMinor: 200, currency: "USD" }, usdWithRate)).toEqual({
      amountMinor: 200,
      currency: "USD",
      converted: false,
    });
    expect(priceIn({ amountMinor: 499, currency: "USD" }, USD_DISPLAY).amountMinor).toBe(499);
  });

  it("converts into the viewer's currency at the stored rate, rounded up once to a whole unit", () => {
    // $2 * 84.123456 = ₹168.246912 -> ₹169
    expect(priceIn({ amountMinor: 200, currency: "USD" }, inr)).toEqual({
      amountMinor: 16_900,
      currency: "INR",
      converted: true,
    });
    // ₹499 / 84.123456 = $5.9317... -> $6
    expect(priceIn({ amountMinor: 49_900, currency: "INR" }, usdWithRate)).toEqual({
      amountMinor: 600,
      currency: "USD",
      converted: true,
    });
    // An exact conversion is not rounded up.
    expect(priceIn({ amountMinor: 100, currency: "USD" }, { ...inr, usdInrMicros: 84_000_000 }).amountMinor).toBe(8400);
  });

  it("keeps the streamer's currency when no rate is stored", () => {
    expect(priceIn({ amountMinor: 49_900, currency: "INR" }, USD_DISPLAY)).toEqual({
      amountMinor: 49_900,
      currency: "INR",
      converted: false,
    });
  });

  it("formats what it charges", () => {
    expect(formatPrice({ amountMinor: 49_900, currency: "INR" }, inr)).toBe("₹499");
    expect(formatPrice({ amountMinor: 200, currency: "USD" }, usdWithRate)).toBe("$2");
    expect(formatPrice({ amountMinor: 200, currency: "USD" }, inr)).toBe("₹169");
    expect(formatPrice({ amountMinor: 10_000_000, currency: "INR" }, inr)).toBe("₹1,00,000");
  });
});

describe("toUsdMinor", () => {
  it("counts an order in USD at the rate it was charged at, half up", () => {
    expect(toUsdMinor(16_900, "INR", 84_123_456)).toBe(201);
    expect(toUsdMinor(499, "USD", 1_000_000)).toBe(499);
  });
});
