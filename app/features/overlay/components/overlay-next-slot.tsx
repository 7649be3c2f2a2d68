import { useEffect } from "react";
import { formatDateTime, useViewerZone } from "~/features/time";
import type { OverlayNextSlotView } from "../overlay.server";

/**
 * How often the next-slot overlay reads its slot again (bookings change its seats left): it reloads itself, since its
 * key's URL answers only exactly (overlay-url.ts: no `.data` revalidation). Chromium (OBS's browser source) holds the
 * old paint until the new page's first one, so the reload does not flash.
 */
const NEXT_SLOT_REFRESH_MS = 30_000;

const box = "rounded-xl bg-black/70 px-4 py-3 text-white shadow-lg";

type Slot = NonNullable<OverlayNextSlotView["slot"]>;

/** The streamer's next open slot on stream: the gig, when (in the OBS machine's zone), seats left, where to book. */
export function OverlayNextSlot({ view }: { view: { streamerName: string; slot: Serialized<Slot> | null } }) {
  const zone = useViewerZone();
  useEffect(() => {
    const timer = setInterval(() => window.location.reload(), NEXT_SLOT_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const slot = view.slot;
  if (!slot) {
    return (
      <div className="w-full max-w-[400px] p-2" data-overlay="next-slot">
        <p className={box} data-testid="overlay-no-slot">
          No upcoming sessions with {view.streamerName} yet
        </p>
      </div>
    );
  }
  return (
    <div className="w-full max-w-[400px] p-2 text-sm" data-overlay="next-slot">
      <section aria-label="Next session" className={box}>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-300">Next session</h2>
        <p className="mt-1 break-words text-base font-semibold" data-testid="overlay-slot-title">
          {slot.title}
        </p>
        <p data-testid="overlay-slot-time">
          <time dateTime={new Date(slot.startsAt).toISOString()}>{formatDateTime(slot.startsAt, zone)}</time>
        </p>
        <p className="mt-1" data-testid="overlay-seats-left">
          {slot.seatsLeft === 0
            ? "Fully booked"
            : `${slot.seatsLeft} of ${slot.seats} ${slot.seats === 1 ? "seat" : "seats"} left`}
        </p>
        <p className="mt-2 break-words text-xs text-zinc-300">
          Book at <span className="font-semibold text-white">{slot.bookText}</span>
        </p>
      </section>
    </div>
  );
}

type Serialized<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] };
