import { describe, expect, it } from "vitest";
import { pickerTimes, slotPickerView } from "./slot-picker-view";

const slot = (id: string, startsAt: string, minutes: number, seatsLeft: number, seats = 3) => ({
  id,
  startsAt: new Date(startsAt),
  endsAt: new Date(new Date(startsAt).getTime() + minutes * 60_000),
  seats,
  seatsLeft,
});

describe("the gig page's picker in words", () => {
  it("groups the times by their date in the viewer's zone, with the zone, each time and the seats left in words", () => {
    const slots = [
      slot("a", "2027-03-01T17:00:00Z", 45, 2),
      // 23:30 UTC on 1 March is 05:00 on 2 March in India: another date there.
      slot("b", "2027-03-01T23:30:00Z", 30, 0),
      slot("c", "2027-03-02T10:00:00Z", 60, 1, 1),
    ];
    const view = slotPickerView(slots, "Asia/Kolkata");
    expect(view.zoneLabel).toBe("India Standard Time (IST)");
    expect(view.days.map((day) => [day.label, day.times.map((time) => time.time)])).toEqual([
      ["Mon 1 Mar", ["22:30–23:15"]],
      ["Tue 2 Mar", ["05:00–05:30", "15:30–16:30"]],
    ]);
    expect(pickerTimes(view).map((time) => [time.id, time.startsAt, time.seatsWords])).toEqual([
      ["a", "2027-03-01T17:00:00.000Z", "2 of 3 seats left"],
      ["b", "2027-03-01T23:30:00.000Z", "Full"],
      ["c", "2027-03-02T10:00:00.000Z", "1 of 1 seat left"],
    ]);
    // The same slots in UTC: one date.
    expect(slotPickerView(slots, "UTC").days.map((day) => day.label)).toEqual(["Mon 1 Mar", "Tue 2 Mar"]);
    expect(slotPickerView(slots, "UTC").days[0]?.times).toHaveLength(2);
  });

  it("says nothing for a gig without times", () => {
    expect(slotPickerView([], "Asia/Kolkata")).toEqual({ zoneLabel: "", days: [] });
  });
});
