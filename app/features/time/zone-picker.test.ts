import { describe, expect, it } from "vitest";
import { timeZoneOptions, zoneChoiceLabel, zoneOffsetText } from "./time-zone.server";

/** The time-zone picker's labels: each zone's name and offset as they are on the day given, not as of build time. */
const NOVEMBER = new Date("2026-11-26T12:00:00Z");
const JULY = new Date("2027-07-15T12:00:00Z");

describe("the time-zone picker", () => {
  it("names a zone for the season: standard time in November, daylight time in July", () => {
    expect(zoneChoiceLabel(NOVEMBER, "America/Los_Angeles")).toBe(
      "Los Angeles · Pacific Standard Time (UTC\u221208:00)",
    );
    expect(zoneChoiceLabel(JULY, "America/Los_Angeles")).toBe("Los Angeles · Pacific Daylight Time (UTC\u221207:00)");
    expect(zoneChoiceLabel(JULY, "Europe/London")).toBe("London · British Summer Time (UTC+01:00)");
    expect(zoneChoiceLabel(NOVEMBER, "Asia/Kolkata")).toBe("Kolkata · India Standard Time (UTC+05:30)");
    expect(zoneChoiceLabel(JULY, "UTC")).toBe("UTC");
    expect(zoneOffsetText(NOVEMBER, "America/St_Johns")).toBe("UTC\u221203:30");
  });

  it("lists every zone by its current IANA name with the label of the day it is built", () => {
    const label = (now: Date, zone: string) => timeZoneOptions(now).find((option) => option.value === zone)?.label;
    expect(label(NOVEMBER, "America/Los_Angeles")).toBe("Los Angeles · Pacific Standard Time (UTC\u221208:00)");
    expect(label(JULY, "America/Los_Angeles")).toBe("Los Angeles · Pacific Daylight Time (UTC\u221207:00)");
    expect(label(JULY, "Asia/Kolkata")).toBe("Kolkata · India Standard Time (UTC+05:30)");
    const values = timeZoneOptions(JULY).map((option) => option.value);
    expect(values).toContain("Asia/Kolkata");
    expect(values).not.toContain("Asia/Calcutta");
  });
});
