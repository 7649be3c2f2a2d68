import { describe, expect, it } from "vitest";
import { describeChanges } from "./changes";

describe("audit changes as people read them (words and values, not raw JSON)", () => {
  it("lists only the fields that changed, amounts as money and fees as percentages", () => {
    expect(
      describeChanges(
        { status: "active", grossMinor: 12_345, platformFeeBps: 2000, currency: "INR" },
        { status: "removed", grossMinor: 12_345, platformFeeBps: 1500, currency: "INR" },
      ),
    ).toEqual([
      { field: "status", before: "active", after: "removed" },
      { field: "platform fee", before: "20%", after: "15%" },
    ]);
    expect(describeChanges(null, { netMinor: 4250, isActive: false })).toEqual([
      { field: "net", before: null, after: "$42.50" },
      { field: "active", before: null, after: "no" },
    ]);
  });

  it("shortens long lists and shows nothing for an entry without values", () => {
    expect(describeChanges(undefined, { orders: ["a", "b", "c", "d"] })).toEqual([
      { field: "orders", before: null, after: "4 items" },
    ]);
    expect(describeChanges(null, null)).toEqual([]);
  });
});
