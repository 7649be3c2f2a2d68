import { describe, expect, it } from "vitest";
import { formatConverted, formatMoney, USD_DISPLAY } from "./money";

describe("formatMoney", () => {
  it("rounds up to whole units with the currency's symbol", () => {
    expect(formatMoney(1201, "USD")).toBe("$13");
    expect(formatMoney(1200, "USD")).toBe("$12");
    expect(formatMoney(150_000, "INR")).toBe("₹1,500");
  });

  it("groups by the locale: Indian grouping for rupees, US grouping for dollars, or the viewer's own", () => {
    expect(formatMoney(10_000_000, "INR")).toBe("₹1,00,000");
    expect(formatMoney(10_000_000, "USD")).toBe("$100,000");
    expect(formatMoney(10_000_000, "INR", { locale: "en-US" })).toBe("₹100,000");
    expect(formatMoney(123_456_789, "INR", { decimals: true })).toBe("₹12,34,567.89");
    expect(formatMoney(-1_234_567, "USD", { decimals: true })).toBe("-$12,345.67");
  });

  it("keeps two decimals when asked", () => {
    expect(formatMoney(1201, "USD", { decimals: true })).toBe("$12.01");
    expect(formatMoney(5, "USD", { decimals: true })).toBe("$0.05");
  });
});

describe("formatConverted", () => {
  const inr = { code: "INR", rateMicros: 84_123_456 } as const;

  it("shows USD as it is", () => {
    expect(formatConverted(1250, USD_DISPLAY)).toBe("$13");
    expect(formatConverted(1250, USD_DISPLAY, { decimals: true })).toBe("$12.50");
  });

  it("converts to INR with integer maths and rounds up once", () => {
    // 12.50 USD * 84.123456 = 1051.5432 INR
    expect(formatConverted(1250, inr)).toBe("₹1,052");
    expect(formatConverted(1250, inr, { decimals: true })).toBe("₹1,051.55");
    // An exact conversion is not rounded up.
    expect(formatConverted(100, { code: "INR", rateMicros: 84_000_000 })).toBe("₹84");
  });

  it("stays exact for amounts where a float product would lose precision", () => {
    // 90,071,992,547.41 USD * 84.1: the product passes 2^53 as a float.
    expect(formatConverted(9_007_199_254_741, { code: "INR", rateMicros: 84_100_000 }, { decimals: true })).toBe(
      "₹75,75,05,45,73,237.19",
    );
  });
});
