import { describe, expect, it } from "vitest";
import { formatConverted, formatMoney, formatPrice, priceIn, toUsdMinor, USD_DISPLAY } from "./money";

const inr = { code: "INR", usdInrMicros: 84_123_456, rateFetchedAt: null } as const;
const usdWithRate = { code: "USD", usdInrMicros: 84_123_456, rateFetchedAt: null } as const;

describe("formatMoney", () => {
  it("shows an amount as it is: whole amounts without decimals, others with them", () => {
    expect(formatMoney(1201, "USD")).toBe("$12.01");
    expect(formatMoney(1200, "USD")).toBe("$12");
    expect(formatMoney(150_000, "INR")).toBe("₹1,500");
    expect(formatMoney(49_900, "INR")).toBe("₹499");
  });

  it("rounds up to whole units only when asked (summaries)", () => {
    expect(formatMoney(1201, "USD", { decimals: false })).toBe("$13");
  });

  it("groups by the locale: Indian grouping for rupees, US grouping for dollars, or the viewer's own", () => {
    expect(formatMoney(10_000_000, "INR")).toBe("₹1,00,000");
    expect(formatMoney(10_000_000, "USD")).toBe("$100,000");
    expect(formatMoney(10_000_000, "INR", { locale: "en-US" })).toBe("₹100,000");
    expect(formatMoney(123_456_789, "INR", { decimals: true })).toBe("₹12,34,567.89");
    expect(formatMoney(-1_234_567, "USD", { decimals: true })).toBe("-$12,345.67");
    // The invoice's form (no ₹ glyph in the PDF fonts): the code, same grouping.
    expect(formatMoney(10_000_000, "INR", { decimals: true, display: "code" }).replace(/\s/g, " ")).toBe(
      "INR 1,00,000.00",
    );
  });

  it("keeps two decimals when asked", () => {
    expect(formatMoney(1201, "USD", { decimals: true })).toBe("$12.01");
    expect(formatMoney(1200, "USD", { decimals: true })).toBe("$12.00");
    expect(formatMoney(5, "USD", { decimals: true })).toBe("$0.05");
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

describe("formatConverted (USD accounting figures shown in the viewer's currency)", () => {
  it("shows USD as it is", () => {
    expect(formatConverted(1250, USD_DISPLAY)).toBe("$12.50");
    expect(formatConverted(1250, USD_DISPLAY, { decimals: false })).toBe("$13");
  });

  it("converts to INR with integer maths and rounds up once", () => {
    // 12.50 USD * 84.123456 = 1051.5432 INR
    expect(formatConverted(1250, inr, { decimals: false })).toBe("₹1,052");
    expect(formatConverted(1250, inr, { decimals: true })).toBe("₹1,051.55");
    expect(formatConverted(100, { ...inr, usdInrMicros: 84_000_000 })).toBe("₹84");
  });

  it("stays exact for amounts where a float product would lose precision", () => {
    // 90,071,992,547.41 USD * 84.1: the product passes 2^53 as a float.
    expect(formatConverted(9_007_199_254_741, { ...inr, usdInrMicros: 84_100_000 }, { decimals: true })).toBe(
      "₹75,75,05,45,73,237.19",
    );
  });
});

describe("toUsdMinor", () => {
  it("counts an order in USD at the rate it was charged at, half up", () => {
    expect(toUsdMinor(16_900, "INR", 84_123_456)).toBe(201);
    expect(toUsdMinor(499, "USD", 1_000_000)).toBe(499);
  });
});
