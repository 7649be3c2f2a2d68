import { describe, expect, it } from "vitest";
import {
  formatClock,
  formatDateTime,
  formatDay,
  formatSlotTime,
  formatWhen,
  zoneAbbreviation,
  zoneLabel,
} from "./format";

const start = new Date("2027-03-01T13:30:00Z");
const end = new Date("2027-03-01T14:00:00Z");

describe("times as people read them (docs/decisions/019-viewer-time-zone.md)", () => {
  it("names India's zone as people say it, never by its IANA id", () => {
    const text = formatSlotTime(start, end, "Asia/Kolkata");
    expect(text).toBe("Mon, 1 Mar 2027, 19:00–19:30 India Standard Time (IST)");
    expect(formatSlotTime(start, end, "Asia/Calcutta")).toBe(text);
    expect(text).not.toMatch(/Calcutta|Kolkata|Asia\//);
  });

  it("says UTC plainly, and falls back to it for a zone it does not know", () => {
    expect(formatSlotTime(start, end, "UTC")).toBe("Mon, 1 Mar 2027, 13:30–14:00 UTC");
    expect(formatSlotTime(start, null, "Not/AZone")).toBe("Mon, 1 Mar 2027, 13:30 UTC");
    expect(zoneLabel(start, "UTC")).toBe("UTC");
  });

  it("follows daylight saving and finds a real abbreviation where one exists", () => {
    expect(zoneLabel(new Date("2027-01-15T12:00:00Z"), "America/New_York")).toBe("Eastern Standard Time (EST)");
    expect(zoneLabel(new Date("2027-07-15T12:00:00Z"), "America/New_York")).toBe("Eastern Daylight Time (EDT)");
    expect(zoneAbbreviation(new Date("2027-01-15T12:00:00Z"), "Europe/Paris")).toBe("CET");
    expect(zoneAbbreviation(new Date("2027-07-15T12:00:00Z"), "Europe/London")).toBe("BST");
    // No common abbreviation: the offset.
    expect(zoneAbbreviation(start, "Asia/Tokyo")).toBe("GMT+9");
  });

  it("puts a late-evening Indian time on its Indian day", () => {
    const lateIst = new Date("2027-11-14T18:00:00Z"); // 23:30 IST on the 14th
    expect(formatSlotTime(lateIst, null, "Asia/Kolkata")).toBe("Sun, 14 Nov 2027, 23:30 India Standard Time (IST)");
    expect(formatDateTime(lateIst, "Asia/Kolkata")).toBe("Sun 14 Nov, 23:30 IST");
    expect(formatDateTime(lateIst, "America/New_York")).toBe("Sun 14 Nov, 13:00 EST");
    expect(formatClock(lateIst, "Asia/Kolkata")).toBe("23:30");
    // Just the day, in each zone: the 15th has begun in Kolkata at 18:45 UTC, not in New York.
    const quarterPast = new Date("2027-11-14T18:45:00Z");
    expect(formatDay(quarterPast, "Asia/Kolkata")).toBe("15 Nov 2027");
    expect(formatDay(quarterPast, "America/New_York")).toBe("14 Nov 2027");
  });

  it("writes every moment a person reads in one form, in the reader's zone (formatWhen)", () => {
    const at = new Date("2026-11-26T03:26:52Z");
    expect(formatWhen(at, "America/New_York")).toBe("Wed, 25 Nov 2026, 22:26 EST");
    expect(formatWhen(at, "Asia/Kolkata")).toBe("Thu, 26 Nov 2026, 08:56 IST");
    expect(formatWhen(at.getTime(), "UTC")).toBe("Thu, 26 Nov 2026, 03:26 UTC");
    expect(formatWhen(at.toISOString(), "Not/AZone")).toBe("Thu, 26 Nov 2026, 03:26 UTC");
    expect(formatWhen(new Date("2027-07-15T12:00:00Z"), "America/New_York")).toBe("Thu, 15 Jul 2027, 08:00 EDT");
  });
});
