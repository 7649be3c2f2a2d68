import { formatDateTime } from "~/features/time";

/**
 * What "Offer another time" asks before it acts, naming the slot, the new time and the buyers, in the streamer's
 * zone: "Move 2 fans from Tue 1 Dec, 02:00 EST to Wed 23 Dec, 18:30 EST?". The same words in the dialog (JavaScript)
 * and on the confirmation step the action answers without it.
 */
export function moveOfferQuestion(move: { fans: number; from: Date; to: Date }, zone: string): string {
  const fans = `${move.fans} ${move.fans === 1 ? "fan" : "fans"}`;
  return `Move ${fans} from ${formatDateTime(move.from, zone)} to ${formatDateTime(move.to, zone)}? Each is told and chooses the new time or a full refund; you can withdraw the offer until one answers.`;
}

export const MOVE_OFFER_YES = "Yes, offer the new time";
