import { useEffect, useState } from "react";
import { Form } from "react-router";
import { BOOKING_FORM_MAX_PLAYERS } from "~/features/seats";
import { SlotTime } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { WAITLIST_FORM_ID } from "../form-id";
import { PlaceStatus, type PlaceView } from "./place-status";

type WaitlistSlot = { id: string; startsAt: Date; endsAt: Date; seats: number; seatsLeft: number };

/**
 * The gig page's one waitlist flow: a single form (the seats wanted) that the time picker's "Join the waitlist"
 * buttons submit with their slot, and the viewer's places (number in line, or seats held for them with the link to
 * book). Plain forms that work without JavaScript (an anonymous visitor is sent to log in first); the answer
 * comes back to the booking form (`#booking`) without JavaScript, and with it the page keeps its scroll position
 * (`preventScrollReset`; the `js` field tells the action to leave the fragment out).
 */
export function GigWaitlist(props: { slots: WaitlistSlot[]; places: PlaceView[]; gigId: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const full = props.slots.filter(
    (slot) => slot.seatsLeft <= 0 && !props.places.some((place) => place.slotId === slot.id),
  );
  const placed = props.places.flatMap((place) => {
    const slot = props.slots.find((candidate) => candidate.id === place.slotId);
    return slot ? [{ place, slot }] : [];
  });
  if (full.length === 0 && placed.length === 0) return null;
  const maxSeats = Math.min(BOOKING_FORM_MAX_PLAYERS, Math.max(1, ...full.map((slot) => slot.seats)));
  return (
    <section aria-labelledby="waitlist-title" className="mt-4 flex flex-col gap-3 border-t border-ink-700 pt-4">
      <h3 id="waitlist-title" className="font-semibold">
        Waitlist
      </h3>
      {full.length > 0 ? (
        <Form
          method="post"
          id={WAITLIST_FORM_ID}
          preventScrollReset
          aria-label="Join the waitlist"
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <input type="hidden" name="intent" value="join-waitlist" />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <label htmlFor="waitlist-seats" className="text-zinc-400">
            Seats wanted when a full time frees up
          </label>
          <select id="waitlist-seats" name="seats" defaultValue="1" className={`${inputClass} w-20`}>
            {Array.from({ length: maxSeats }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <p className="w-full text-xs text-zinc-400">Pick “Join the waitlist” on a full time above.</p>
        </Form>
      ) : null}
      {placed.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label="Your places in line">
          {placed.map(({ place, slot }) => (
            <li
              key={slot.id}
              className="flex flex-col gap-2 text-sm"
              data-testid="waitlist-place-slot"
              data-place={slot.id}
            >
              <SlotTime startsAt={slot.startsAt} endsAt={slot.endsAt} />
              <PlaceStatus place={place} gigId={props.gigId} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
