import type { ReactNode } from "react";
import { Form } from "react-router";
import { BOOKING_FORM_MAX_PLAYERS } from "~/features/seats";
import { inputClass } from "~/lib/ui/field";
import { WAITLIST_FORM_ID } from "../form-id";
import { PlaceStatus, type PlaceView } from "./place-status";

type WaitlistSlot = { id: string; seats: number; seatsLeft: number };
/** A place of the viewer, with its slot's time in words in the viewer's zone (formatted by the page's loader). */
type PlaceWithTime = PlaceView & { when: string };

/**
 * The gig page's one waitlist flow: a single form (the seats wanted) that the time picker's "Join the waitlist"
 * buttons submit with their slot, and the viewer's places (number in line, or seats held for them with the link to
 * book). Plain forms that work without JavaScript (an anonymous visitor is sent to log in first). The form posts to
 * the gig's `#booking`: without JavaScript the browser keeps that fragment through the action's redirect, so the
 * answer lands at the booking form; with it, React Router leaves the fragment out and keeps the scroll position
 * (`preventScrollReset`).
 */
export function GigWaitlist(props: {
  slots: WaitlistSlot[];
  places: PlaceWithTime[];
  /** Where its forms post: the gig's page at `#booking` (built by the page's loader). */
  action: string;
  /** The bot check (the page's Turnstile widget) while a time of the gig is in high demand (docs/decisions/033). */
  botCheck?: ReactNode;
}) {
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
    <section aria-labelledby="waitlist-title" className="gig-waitlist">
      <h3 id="waitlist-title" className="font-semibold">
        Waitlist
      </h3>
      {full.length > 0 ? (
        <Form
          method="post"
          id={WAITLIST_FORM_ID}
          action={props.action}
          preventScrollReset
          aria-label="Join the waitlist"
        >
          <input type="hidden" name="intent" value="join-waitlist" />
          {props.botCheck}
          <label>
            Seats wanted when a full time frees up{" "}
            <select name="seats" defaultValue="1" className={inputClass}>
              {Array.from({ length: maxSeats }, (_, i) => i + 1).map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
        </Form>
      ) : null}
      {placed.length > 0 ? (
        <ul>
          {placed.map(({ place, slot }) => (
            <li key={slot.id} className="flex flex-col gap-2 text-sm" data-place={slot.id}>
              <span>{place.when}</span>
              <PlaceStatus place={place} action={props.action} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
