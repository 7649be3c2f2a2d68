/** The seat rules every seat-taker shares (a booking's hold, a waitlist offer), apart from any words. */

/** How long a card checkout holds its seats, and a waitlist offer its fan's. The one place this number lives. */
export const HOLD_MINUTES = 10;

/** At most this many seats (players) in one booking; the booking form shows one gamer-tag input per player. */
export const BOOKING_FORM_MAX_PLAYERS = 10;
