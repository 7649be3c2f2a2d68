import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("rounds up to whole units with the currency's symbol", () => {
    expect(formatMoney(1201, "USD")).toBe("$13");
    expect(formatMoney(1200, "USD")).toBe("$12");
    expect(formatMoney(150_000, "INR")).toBe("₹1,500");
  });

  it("keeps two decimals when asked", () => {
    expect(formatMoney(1201, "USD", { decimals: true })).toBe("$12.01");
  });
});
