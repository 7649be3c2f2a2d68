import { SeatsLeft } from "~/features/seats";
import { formatClock, formatShortDay, useViewerZone, zoneLabel } from "~/features/time";
import { WAITLIST_FORM_ID } from "~/features/waitlist";
import type { BookingSlot } from "./booking-form";

type Day = { key: string; slots: BookingSlot[] };

/** The slots by day in the viewer's zone, in time order (a day's label is its key: slots are listed weeks ahead). */
function byDay(slots: BookingSlot[], zone: string): Day[] {
  const days: Day[] = [];
  for (const slot of slots) {
    const key = formatShortDay(slot.startsAt, zone);
    const last = days.at(-1);
    if (last?.key === key) last.slots.push(slot);
    else days.push({ key, slots: [slot] });
  }
  return days;
}

type Props = {
  slots: BookingSlot[];
  slotId: string;
  onSelect: (slotId: string) => void;
  /** Full slots where the viewer already waits (their place is shown under the form). */
  waitingSlotIds: string[];
  error?: string[];
};

/**
 * The booking form's time picker: "Times in <zone>" said once, a strip of dates, then each date's times as 44 px
 * radio tiles with their seats left; a full time offers "Join the waitlist" (a button of the gig's one waitlist
 * form, `form=`, so it sits here without nesting forms). Server-rendered HTML and CSS only (app.css): every date's
 * times are listed under their date; a date picked in the strip (a link to it, `:target`) shows that date's times
 * alone, with the date of the time already chosen.
 */
export function SlotPicker({ slots, slotId, onSelect, waitingSlotIds, error }: Props) {
  const zone = useViewerZone();
  const days = byDay(slots, zone);
  const first = slots[0];
  if (!first) return null;
  return (
    <fieldset className="slot-picker">
      <legend>Choose a time</legend>
      <p>Times in {zoneLabel(first.startsAt, zone)}</p>
      {days.length > 1 ? (
        <nav aria-label="Dates" className="date-strip">
          {days.map((day, index) => (
            <a key={day.key} href={`#day-${index}`} className="date-button">
              {day.key}
            </a>
          ))}
        </nav>
      ) : null}
      {days.map((day, index) => (
        <div key={day.key} id={`day-${index}`} data-day>
          <h3>{day.key}</h3>
          <ul>
            {day.slots.map((slot) => {
              const time = (
                <time dateTime={new Date(slot.startsAt).toISOString()}>
                  {formatClock(slot.startsAt, zone)}–{formatClock(slot.endsAt, zone)}
                </time>
              );
              return (
                <li key={slot.id} data-testid="slot" data-slot={slot.id}>
                  {slot.seatsLeft > 0 ? (
                    <label className="time-tile">
                      <input
                        type="radio"
                        name="slotId"
                        value={slot.id}
                        checked={slotId === slot.id}
                        onChange={() => onSelect(slot.id)}
                        className="time-radio"
                      />
                      {time}
                    </label>
                  ) : (
                    <span className="time-tile">{time}</span>
                  )}
                  {slot.seatsLeft > 0 ? null : waitingSlotIds.includes(slot.id) ? (
                    <small>You are on its waitlist</small>
                  ) : (
                    <button type="submit" form={WAITLIST_FORM_ID} name="slotId" value={slot.id} className="join-button">
                      Join the waitlist
                    </button>
                  )}
                  <SeatsLeft left={slot.seatsLeft} of={slot.seats} />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {error ? <p className="text-sm text-red-400">{error.join(". ")}</p> : null}
    </fieldset>
  );
}
