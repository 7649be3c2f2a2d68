import { describe, expect, it } from "vitest";
import { currentMonth, isoInZone, monthBounds, zonedDate } from "./calendar";

describe("calendar months in the viewer's zone (docs/decisions/019-viewer-time-zone.md)", () => {
  it("puts an instant on the day of the zone, not the UTC one", () => {
    const lateIst = new Date("2026-11-30T18:00:00Z"); // 23:30 IST on 30 November
    expect(zonedDate(lateIst, "Asia/Kolkata")).toBe("2026-11-30");
    const earlyIst = new Date("2026-11-30T19:00:00Z"); // 00:30 IST on 1 December, still 30 November in UTC
    expect(zonedDate(earlyIst, "Asia/Kolkata")).toBe("2026-12-01");
    expect(zonedDate(earlyIst, "UTC")).toBe("2026-11-30");
    expect(currentMonth(earlyIst, "Asia/Kolkata")).toEqual({ year: 2026, month: 12 });
    expect(currentMonth(earlyIst, "America/New_York")).toEqual({ year: 2026, month: 11 });
  });

  it("bounds November at midnight where the viewer is, across year ends and daylight saving", () => {
    expect(monthBounds({ year: 2026, month: 11 }, "Asia/Kolkata")).toEqual({
      from: new Date("2026-10-31T18:30:00Z"),
      to: new Date("2026-11-30T18:30:00Z"),
    });
    expect(monthBounds({ year: 2026, month: 12 }, "UTC")).toEqual({
      from: new Date("2026-12-01T00:00:00Z"),
      to: new Date("2027-01-01T00:00:00Z"),
    });
    // New York leaves daylight saving on 1 November 2026: October starts at UTC-4, November at UTC-5.
    expect(monthBounds({ year: 2026, month: 11 }, "America/New_York").from).toEqual(new Date("2026-11-01T04:00:00Z"));
    expect(monthBounds({ year: 2026, month: 11 }, "America/New_York").to).toEqual(new Date("2026-12-01T05:00:00Z"));
  });
});

describe("isoInZone", () => {
  it("writes the instant in the zone with its offset at that instant", () => {
    const at = Date.UTC(2026, 11, 3, 13, 0, 5);
    expect(isoInZone(at, "Asia/Kolkata")).toBe("2026-12-03T18:30:05+05:30");
    expect(isoInZone(at, "America/Chicago")).toBe("2026-12-03T07:00:05-06:00");
    expect(isoInZone(Date.UTC(2026, 6, 1, 12), "America/Chicago")).toBe("2026-07-01T07:00:00-05:00");
    expect(isoInZone(at, "UTC")).toBe("2026-12-03T13:00:05+00:00");
  });
});
