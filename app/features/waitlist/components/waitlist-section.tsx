import { Link } from "react-router";
import { PlaceStatus, type PlaceView } from "./place-status";

type ProfilePlaceView = PlaceView & {
  /** The gig's page, from the server (null when the gig is gone). */
  gigHref: string | null;
  title: string | null;
  startsAt: Date | string;
  /** The slot's time in words in the viewer's zone, from the server. */
  when: string;
};

/** The profile's "Waitlists": every slot the fan waits for, their place in line or the seats held for them. */
export function WaitlistSection({ places }: { places: ProfilePlaceView[] }) {
  return (
    <section id="waitlists" aria-label="Waitlists" className="rounded-2xl border border-ink-700 bg-ink-900 p-6">
      <h2 className="mb-4 text-lg font-semibold">Waitlists</h2>
      {places.length === 0 ? (
        <p className="text-sm text-zinc-400">You are not on any waitlist. Full slots offer one on their gig page.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {places.map((place) => (
            <li key={place.slotId} className="flex flex-col gap-2">
              <p className="text-sm">
                {place.gigHref ? (
                  <Link to={place.gigHref} className="font-medium hover:text-brand-400">
                    {place.title ?? "Game session"}
                  </Link>
                ) : (
                  <span className="font-medium">{place.title ?? "Game session"}</span>
                )}{" "}
                <span className="text-zinc-400">
                  <time dateTime={new Date(place.startsAt).toISOString()}>{place.when}</time>
                </span>
              </p>
              <PlaceStatus place={place} action="/profile" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
