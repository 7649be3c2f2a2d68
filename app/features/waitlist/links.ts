/**
 * The checkout link of a waitlist offer: the gig page with the slot and the seats chosen, at the booking form. Its own
 * module, so the pages showing it carry no more than this to the browser.
 */
export function offerCheckoutPath(gigId: string, slotId: string, seats: number): string {
  return `/gig/${encodeURIComponent(gigId)}?slot=${encodeURIComponent(slotId)}&seats=${seats}#booking`;
}
