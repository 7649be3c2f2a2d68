import { describe, expect, it } from "vitest";
import { slotAgenda } from "./agenda";

const at = (iso: string) => new Date(iso);
const slot = (id: string, start: string, minutes = 60) => ({
  id,
  startsAt: at(start),
  endsAt: new Date(at(start).getTime() + minutes * 60_000),
});

describe("the calendar's agenda", () => {
  const now = at("2026-11-26T12:00:00Z");
  const slots = [
    slot("played-early", "2026-11-02T10:00:00Z"),
    slot("tomorrow-late", "2026-11-27T18:30:00Z"),
    slot("played-late", "2026-11-20T10:00:00Z"),
    slot("tomorrow-early", "2026-11-27T08:00:00Z"),
    slot("running", "2026-11-26T11:30:00Z"),
    slot("india-night", "2026-11-28T18:00:00Z", 30),
  ];

  it("puts what is not over first, soonest first, grouped by day in the streamer's zone", () => {
    const agenda = slotAgenda(slots, "Asia/Kolkata", now);
    // 18:30 UTC on the 27th is midnight in India: the 28th there, with the 23:30 IST slot of the 28th.
    expect(agenda.upcoming.map((day) => [day.label, day.slots.map((s) => s.id)])).toEqual([
      ["Thu 26 Nov", ["running"]],
      ["Fri 27 Nov", ["tomorrow-early"]],
      ["Sat 28 Nov", ["tomorrow-late", "india-night"]],
    ]);
  });

  it("keeps the played slots apart, latest first", () => {
    expect(slotAgenda(slots, "UTC", now).past.map((s) => s.id)).toEqual(["played-late", "played-early"]);
  });

  it("groups by the zone's day: the same slots in UTC fall on other days", () => {
    const agenda = slotAgenda(slots, "UTC", now);
    expect(agenda.upcoming.map((day) => [day.date, day.slots.map((s) => s.id)])).toEqual([
      ["2026-11-26", ["running"]],
      ["2026-11-27", ["tomorrow-early", "tomorrow-late"]],
      ["2026-11-28", ["india-night"]],
    ]);
  });
});
