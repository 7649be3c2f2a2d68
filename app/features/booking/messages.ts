/** Booking rules and the words the fan sees (SPEC.md section 8 where it has them). */

/** How long a card checkout holds its seats. The one place this number lives. */
export const HOLD_MINUTES = 10;

/** A gamer tag per seat, as stored (booking_gamertags CHECK). */
export const GAMERTAG_MAX_LENGTH = 64;

export const BOOKING_MESSAGES = {
  /** SPEC.md section 8: the default message of a failed order creation. */
  orderFailed: "Bad request",
  slotNotFound: "Slot not found",
  slotNotBookable: "This slot can no longer be booked",
  notEnoughSeats: "Not enough seats left in this slot",
  ownSlot: "You cannot book your own slot",
  gamerTagsCount: "Enter one gamer tag per player",
  insufficientBalance: "Your wallet balance does not cover this order",
  orderNotFound: "Order not found",
  paymentUnavailable: "Payment is unavailable right now. Please try again later.",
  promoInvalid: "Error verifying promo code",
} as const;
