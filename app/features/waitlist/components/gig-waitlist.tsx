import { Form } from "react-router";
import { BOOKING_FORM_MAX_PLAYERS } from "~/features/seats";
import { SlotTime } from "~/features/time";
import { inputClass } from "~/lib/ui/field";
import { PlaceStatus, type PlaceView } from "./place-status";

type WaitlistSlot = { id: string; startsAt: Date; endsAt: Date; seats: number; seatsLeft: number };

/**
 * The gig page's waitlists: for each full slot, "Join the waitlist" with the seats wanted; for each slot where the
 * viewer has a place, that place (number in line, or seats held for them with the link to book). Plain forms: they
 * work without JavaScript (an anonymous visitor is sent to log in first).
 */
export function GigWaitlist(props: { gigId: string; slots: WaitlistSlot[]; places: PlaceView[] }) {
  const shown = props.slots.filter(
    (slot) => slot.seatsLeft <= 0 || props.places.some((place) => place.slotId === slot.id),
  );
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="waitlist-title" className="mt-4 flex flex-col gap-3 border-t border-ink-700 pt-4">
      <h3 id="waitlist-title" className="font-semibold">
        Waitlist
      </h3>
      <ul className="flex flex-col gap-3">
        {shown.map((slot) => {
          const place = props.places.find((candidate) => candidate.slotId === slot.id);
          return (
            <li key={slot.id} className="flex flex-col gap-2 text-sm" data-testid="waitlist-slot" data-slot={slot.id}>
              <SlotTime startsAt={slot.startsAt} endsAt={slot.endsAt} />
              {place ? (
                <PlaceStatus place={place} gigId={props.gigId} />
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-2" aria-label="Join the waitlist">
                  <input type="hidden" name="intent" value="join-waitlist" />
                  <input type="hidden" name="slotId" value={slot.id} />
                  <label className="flex flex-col gap-1">
                    <span className="text-zinc-400">Seats</span>
                    <select name="seats" defaultValue="1" className={`${inputClass} w-20`}>
                      {Array.from({ length: Math.min(slot.seats, BOOKING_FORM_MAX_PLAYERS) }, (_, i) => i + 1).map(
                        (n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ),
                      )}
                    </select>
                  </label>
                  <button
                    type="submit"
                    className="rounded-lg border border-brand-500 px-3 py-2 font-semibold text-brand-50 hover:bg-ink-800"
                  >
                    Join the waitlist
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
