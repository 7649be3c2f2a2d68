import { SeatsLeft } from "~/features/seats";
import { WAITLIST_FORM_ID } from "~/features/waitlist";
import type { SlotPickerView } from "../slot-picker-view";

type Props = {
  /** The dates and times in words, formatted by the loader in the viewer's zone (slot-picker-view.ts). */
  view: SlotPickerView;
  slotId: string;
  /** The time the address asked for (`?slot=`), bookable or full: its date shows first, with the chosen time's. */
  askedSlotId?: string | null;
  onSelect: (slotId: string) => void;
  /** Full slots where the viewer already waits (their place is shown under the form). */
  waitingSlotIds: string[];
  error?: string[];
};

/**
 * The booking form's time picker: "Times in <zone>" said once, a strip of dates, then each date's times as 44 px
 * radio tiles with their seats left; a full time offers "Join the waitlist" (a button of the gig's one waitlist
 * form, `form=`, so it sits here without nesting forms). Server-rendered HTML and CSS only (app.css): every date's
 * times are in the page under their date, and one date shows at first: that of the time chosen (and of a time the
 * address asked for, `data-chosen`), else the first. A date picked in the strip (a link to it, `:target`) shows that
 * date's times, with the date of the time already chosen. Every word of a date or time comes formatted with the page's
 * data: hydrating the picker builds no time-zone formatter.
 */
export function SlotPicker({ view, slotId, askedSlotId, onSelect, waitingSlotIds, error }: Props) {
  const { days } = view;
  if (days.length === 0) return null;
  return (
    <fieldset className="slot-picker">
      <legend>Choose a time</legend>
      <p>Times in {view.zoneLabel}</p>
      {days.length > 1 ? (
        <nav aria-label="Dates" className="date-strip">
          {days.map((day, index) => (
            <a key={day.label} href={`#day-${index}`} className="date-button">
              {day.label}
            </a>
          ))}
        </nav>
      ) : null}
      {days.map((day, index) => (
        <div
          key={day.label}
          id={`day-${index}`}
          data-day
          data-chosen={day.times.some((slot) => slot.id === slotId || slot.id === askedSlotId) ? "" : undefined}
        >
          <h3>{day.label}</h3>
          <ul>
            {day.times.map((slot) => {
              const time = <time dateTime={slot.startsAt}>{slot.time}</time>;
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
                  <SeatsLeft left={slot.seatsLeft} of={slot.seats} words={slot.seatsWords} />
                  {slot.drop ? <small data-testid="drop">{slot.drop}</small> : null}
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
