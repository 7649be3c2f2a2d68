import { SEAT_COPY, seatsLeftWords } from "~/features/seats";
import { formatClock, formatShortDay, zoneLabel } from "~/features/time";

/** One time of the gig page's picker, its words already in the viewer's zone. */
export type PickerTime = {
  id: string;
  /** The start as an ISO string (the `<time>` element's `dateTime`). */
  startsAt: string;
  seats: number;
  seatsLeft: number;
  /** "19:00–19:30" in the viewer's zone. */
  time: string;
  /** "2 of 3 seats left", "Full". */
  seatsWords: string;
  /** A drop's line (its streamer marked it, docs/decisions/042), absent on any other time. */
  drop?: string;
};

/** A date of the picker ("Mon 1 Mar", its key and heading) and its times, in time order. */
type PickerDay = { label: string; times: PickerTime[] };

/**
 * The booking form's time picker as words: "Times in <zone>" once, each date's label, each time's label and seats
 * left. The gig page's loader builds it in the zone it resolved for the viewer, so the server and the browser render
 * the same strings and the browser builds no time-zone formatter while it hydrates.
 */
export type SlotPickerView = { zoneLabel: string; days: PickerDay[] };

type Slot = { id: string; startsAt: Date; endsAt: Date; seats: number; seatsLeft: number; isDrop?: boolean };

/** The picker's words for `slots` (in time order) in `zone`: times grouped by their date in that zone. */
export function slotPickerView(slots: readonly Slot[], zone: string): SlotPickerView {
  const days: PickerDay[] = [];
  for (const slot of slots) {
    const label = formatShortDay(slot.startsAt, zone);
    const time: PickerTime = {
      id: slot.id,
      startsAt: new Date(slot.startsAt).toISOString(),
      seats: slot.seats,
      seatsLeft: slot.seatsLeft,
      time: `${formatClock(slot.startsAt, zone)}–${formatClock(slot.endsAt, zone)}`,
      seatsWords: seatsLeftWords(slot.seatsLeft, slot.seats),
      ...(slot.isDrop ? { drop: SEAT_COPY.dropLine } : {}),
    };
    const last = days.at(-1);
    if (last?.label === label) last.times.push(time);
    else days.push({ label, times: [time] });
  }
  const first = slots[0];
  return { zoneLabel: first ? zoneLabel(first.startsAt, zone) : "", days };
}

/** Every time of the picker, in time order. */
export function pickerTimes(view: SlotPickerView): PickerTime[] {
  return view.days.flatMap((day) => day.times);
}
