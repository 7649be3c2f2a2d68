import { HOLD_MINUTES, SEAT_COPY } from "~/features/seats";
import { RESCHEDULE_BEFORE_MS } from "./reschedule-policy";

/** The words the fan sees about booking (docs/domain.md wording where it has one). */

export const BOOKING_COPY = {
  // Buying (purchase.server.ts, slots.server.ts)
  /** docs/domain.md: the default message of a failed order creation. */
  orderFailed: "Bad request",
  ...SEAT_COPY,
  ownSlot: "You cannot book your own slot",
  /** A second unpaid checkout of a slot in high demand (docs/decisions/033). */
  oneHoldInDemand: `You already hold a seat in this time while it is in high demand. Finish that checkout, or book again when its hold ends (${HOLD_MINUTES} minutes after you started it).`,
  gamerTagsCount: "Enter one gamer tag per player",
  insufficientBalance: "Your wallet balance does not cover this order",
  promoInvalid: "Error verifying promo code",
  promoMissing: "Enter a promo code to apply",
  promoNoSlot: "Choose a time first, then apply the code",
  // Moving a booking (reschedule-policy.ts)
  rescheduleTooLate: `This booking can no longer be moved: it starts within ${RESCHEDULE_BEFORE_MS / 3_600_000} hours`,
  rescheduleNotConfirmed: "Only a confirmed booking can be moved",
  rescheduleSameSlot: "Your booking is already at that time",
  rescheduleOtherGig: "Choose another time of the same gig",
  rescheduleNoSeats: "That time has no seats left for your booking",
  rescheduleRaced: "Your booking was moved in the meantime: check its new time",
  rescheduled: "Your booking was moved",
  // A move offered by the streamer (move-offer-policy.ts)
  moveOfferNotFound: "This booking has no offer of another time",
  moveOfferAnswered: "You already answered this offer",
  moveOfferRanOut: "This offer ran out: your booking is refunded in full",
  moveOfferAwaiting: "The streamer offered another time: answer that offer first",
  moveOfferNoBuyers: "This slot has no buyers to move: cancel it instead",
  moveOfferNotWithdrawable: "A fan already answered this offer, or it ran out: it can no longer be withdrawn",
  moveOfferTarget: "Choose another open time of the same gig, not started, with seats for every buyer",
  moveOfferSent: "Your buyers were offered the new time",
  moveOfferMoved: "Your booking was moved to the new time",
  moveOfferRefunded: "Your booking is cancelled and refunded in full to your wallet",
  // After purchase
  bookingNotFound: "Booking not found",
  orderNotFound: "Order not found",
  noInvoice: "This order was not paid, so it has no invoice",
  notCancellable: "Only a confirmed booking can be cancelled",
  alreadyStarted: "This session has already started",
  alreadyCancelled: "This booking is already cancelled",
  cancelled: "Your booking is cancelled",
  refundToInvalid: 'Choose where the refund goes: "wallet" or "card"',
  refundToCardNotPaidByCard: "This booking was paid from your wallet, so its refund goes back to your wallet",
  gamertagsUpdated: "Gamertags updated successfully",
  gamertagsLocked: "Gamer tags can no longer be changed: the session has started or the booking is closed",
  unknownGamertag: "That gamer tag is not part of this booking",
  notBooked: "You have not booked this session",
  yearAndMonthRequired: "Year and month are required",
  ordersError: "Error fetching orders",
  // The streamer no-show rule (no-show-policy.ts)
  slotNotFound: "Slot not found",
  cannotStartYet: "A session can be started from 30 minutes before its start",
  cannotStart: "This session can no longer be started",
  alreadyStartedByStreamer: "This session is already started",
  noShowRefundNotOffered: "This booking has no no-show refund: the streamer started, or it is too early",
  sessionStarted: "Session started: your fans have the lobby code",
  noShowRefunded: "Refunded in full: the streamer did not start",
} as const;
