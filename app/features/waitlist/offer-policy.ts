import type { WaitlistStatus } from "~db/schema";
import { OFFER_MINUTES } from "./rules";

/**
 * The waitlist offer, the one place that says who is offered a slot's freed seats and until when (docs/domain.md
 * "Waitlist place"). Safe in the browser; its SQL twins, the guards of the offer's and the lapse's conditional writes,
 * are in `offer-policy.server.ts`, and offer-policy.test.ts holds each pair equal:
 * - who: the first place in line (lowest position) still waiting whose seats fit the seats free at that instant; a
 *   place whose seats do not fit is skipped and stays first for the next seats;
 * - until when: an offer holds its seats for its fan for `OFFER_MINUTES` after it was made, up to (not at)
 *   `offerExpiresAt`; from that instant it is no offer any more (its seats stop counting, the sweep lapses it).
 */

/** A place in a slot's line as the policy sees it. */
export type LinePlace = { id: string; status: WaitlistStatus; seats: number; position: number };

/** When an offer made at `now` stops holding its seats. */
export function offerExpiresAt(now: Date): Date {
  return new Date(now.getTime() + OFFER_MINUTES * 60_000);
}

/** Whether the place is an offer still holding its seats for its fan at `now`. */
export function offerHolds(place: { status: WaitlistStatus; offerExpiresAt: Date | null }, now: Date): boolean {
  return place.status === "offered" && place.offerExpiresAt !== null && place.offerExpiresAt.getTime() > now.getTime();
}

/**
 * Who is offered next when `seatsFree` seats are free (none when the slot is closed or has started): the id of the
 * first waiting place in line whose seats fit, or null.
 */
export function firstToOffer(line: readonly LinePlace[], seatsFree: number): string | null {
  const fitting = line
    .filter((place) => place.status === "waiting" && place.seats <= seatsFree)
    .sort((a, b) => a.position - b.position);
  return fitting[0]?.id ?? null;
}
