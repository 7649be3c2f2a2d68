import { gigPath } from "~/lib/paths.server";

/**
 * The checkout link of a waitlist offer: the gig page with the slot and the seats chosen, at the booking form. Built on
 * the server (places.server.ts puts it on each offered place; the offer's email and notice carry it).
 */
export function offerCheckoutPath(gigId: string, slotId: string, seats: number): string {
  return `${gigPath(gigId)}?slot=${encodeURIComponent(slotId)}&seats=${seats}#booking`;
}
