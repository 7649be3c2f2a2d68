import { Form, Link } from "react-router";

export type PlaceView = {
  slotId: string;
  status: "waiting" | "offered";
  seats: number;
  placeInLine: number;
  /** When the seats held for the fan go back, in words in the viewer's zone (null while waiting). */
  heldUntil: string | null;
  /** Where the fan books the seats held for them, from the server (null while waiting, or when the gig is gone). */
  checkoutPath: string | null;
};

const seatsText = (seats: number) => `${seats} seat${seats === 1 ? "" : "s"}`;

/**
 * A fan's place in a slot's line, as the gig page and the profile show it: their place and seats, or the seats held
 * for them with the link to book them, and a Leave form (a plain POST: works without JavaScript).
 */
export function PlaceStatus({ place, action }: { place: PlaceView; action?: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="waitlist-place">
      {place.status === "offered" && place.heldUntil ? (
        <>
          <span className="text-emerald-300">
            {seatsText(place.seats)} held for you until {place.heldUntil}
          </span>
          {place.checkoutPath ? (
            <Link
              to={place.checkoutPath}
              className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold hover:bg-brand-500"
            >
              Book now
            </Link>
          ) : null}
        </>
      ) : (
        <span>
          You are <strong>number {place.placeInLine}</strong> in line for {seatsText(place.seats)}
        </span>
      )}
      <Form method="post" action={action} preventScrollReset className="inline">
        <input type="hidden" name="intent" value="leave-waitlist" />
        <input type="hidden" name="slotId" value={place.slotId} />
        <button type="submit" className="rounded-lg border border-ink-600 px-3 py-1.5 hover:bg-ink-800">
          Leave the waitlist
        </button>
      </Form>
    </div>
  );
}
