import { useState } from "react";
import { SeatsLeft } from "~/features/seats";
import { formatClock, formatShortDay, useViewerZone, zonedDate, zoneLabel } from "~/features/time";
import { WAITLIST_FORM_ID } from "~/features/waitlist";
import type { BookingSlot } from "./booking-form";

type Day = { key: string; label: string; slots: BookingSlot[] };

/** The slots by day in the viewer's zone, in time order. */
function byDay(slots: BookingSlot[], zone: string): Day[] {
  const days: Day[] = [];
  for (const slot of slots) {
    const key = zonedDate(slot.startsAt, zone);
    const last = days.at(-1);
    if (last?.key === key) last.slots.push(slot);
    else days.push({ key, label: formatShortDay(slot.startsAt, zone), slots: [slot] });
  }
  return days;
}

type Props = {
  slots: BookingSlot[];
  slotId: string;
  /** The slot the page's link asked for (a full one too): its date opens first. */
  initialSlotId: string | null;
  onSelect: (slotId: string) => void;
  hydrated: boolean;
  /** Full slots where the viewer already waits (their place is shown under the form). */
  waitingSlotIds: string[];
  error?: string[];
};

/**
 * The booking form's time picker: "Times in <zone>" said once, then a date strip and that date's times, each a
 * 44 px radio tile with its seats left; a full time offers "Join the waitlist" (a button of the gig's one waitlist
 * form, `form=`, so it sits here without nesting forms). Before hydration (and without JavaScript) there is no
 * strip: every date's times are listed under their date.
 */
export function SlotPicker({ slots, slotId, initialSlotId, onSelect, hydrated, waitingSlotIds, error }: Props) {
  const zone = useViewerZone();
  const days = byDay(slots, zone);
  const dayOf = (id: string | null) => days.find((day) => day.slots.some((slot) => slot.id === id));
  const chosenDay = dayOf(initialSlotId) ?? dayOf(slotId) ?? days[0];
  const [dayKey, setDayKey] = useState(chosenDay?.key ?? "");
  const first = slots[0];
  if (!first) return null;
  const strip = hydrated && days.length > 1;
  const pickDay = (day: Day) => {
    setDayKey(day.key);
    const open = day.slots.find((slot) => slot.seatsLeft > 0);
    if (open) onSelect(open.id);
  };
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? "booking-slot-error" : undefined}>
      <legend className="mb-1 text-sm font-medium text-zinc-200">Choose a time</legend>
      <p className="text-xs text-zinc-400" data-testid="times-zone">
        Times in {zoneLabel(first.startsAt, zone)}
      </p>
      {strip ? (
        <div role="group" aria-label="Dates" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          {days.map((day) => (
            <button
              key={day.key}
              type="button"
              aria-pressed={day.key === dayKey}
              onClick={() => pickDay(day)}
              className="min-h-11 shrink-0 rounded-lg border border-ink-700 px-3 text-sm aria-pressed:border-brand-500 aria-pressed:bg-brand-600/20"
            >
              {day.label}
            </button>
          ))}
        </div>
      ) : null}
      {/* Every date stays in the page (the other dates hidden behind the strip), so hydration changes no time. */}
      {days.map((day) => (
        <div key={day.key} className="flex flex-col gap-2" data-day={day.key} hidden={strip && day.key !== dayKey}>
          {strip ? null : <p className="text-sm font-semibold text-zinc-200">{day.label}</p>}
          <ul className="flex flex-col gap-2">
            {day.slots.map((slot) => (
              <li key={slot.id} data-testid="slot" data-slot={slot.id} className="flex items-center gap-2 text-sm">
                <TimeTile slot={slot} checked={slotId === slot.id} onSelect={onSelect} zone={zone} />
                {slot.seatsLeft > 0 ? null : waitingSlotIds.includes(slot.id) ? (
                  <span className="text-xs text-zinc-400">You are on its waitlist</span>
                ) : (
                  <button
                    type="submit"
                    form={WAITLIST_FORM_ID}
                    name="slotId"
                    value={slot.id}
                    className="min-h-11 rounded-lg border border-brand-500 px-3 text-xs font-semibold text-brand-50 hover:bg-ink-800"
                  >
                    Join the waitlist
                  </button>
                )}
                <SeatsLeft left={slot.seatsLeft} of={slot.seats} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {error ? (
        <p id="booking-slot-error" className="text-sm text-red-400">
          {error.join(". ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One time: a radio as large as its tile (44 px high) when seats are left, the time alone when it is full. */
function TimeTile(props: { slot: BookingSlot; checked: boolean; onSelect: (id: string) => void; zone: string }) {
  const { slot, zone } = props;
  const time = (
    <time dateTime={new Date(slot.startsAt).toISOString()} data-time-zone={zone} className="relative">
      {formatClock(slot.startsAt, zone)}–{formatClock(slot.endsAt, zone)}
    </time>
  );
  if (slot.seatsLeft <= 0) return <span className="flex min-h-11 flex-1 items-center px-3 text-zinc-400">{time}</span>;
  return (
    <label className="relative flex min-h-11 flex-1 cursor-pointer items-center px-3">
      <input
        type="radio"
        name="slotId"
        value={slot.id}
        checked={props.checked}
        onChange={() => props.onSelect(slot.id)}
        className="absolute inset-0 m-0 size-full min-h-11 cursor-pointer appearance-none rounded-lg border border-ink-700 checked:border-brand-500 checked:bg-brand-600/20 focus-visible:outline-2 focus-visible:outline-brand-400"
      />
      {time}
    </label>
  );
}
