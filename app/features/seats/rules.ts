/** The seat rules every seat-taker shares (a booking's hold, a waitlist offer), apart from any words. */

/** How long a card checkout holds its seats, and a waitlist offer its fan's. The one place this number lives. */
export const HOLD_MINUTES = 10;

/** At most this many seats (players) in one booking; the booking form shows one gamer-tag input per player. */
export const BOOKING_FORM_MAX_PLAYERS = 10;

/**
 * When a slot is in high demand (docs/decisions/033-bot-checks-on-login-and-drops.md): booking it or joining its
 * waitlist needs the bot check, and an account holds at most one unpaid checkout of it at a time. Any one is enough:
 * - a drop: its streamer marked it so (slots.is_drop), from its first booking (docs/decisions/042);
 * - a rush: at least `rushSeats` seats taken by bookings made in the last `rushMinutes` (a drop's first minutes);
 * - a line: at least `waiting` fans waiting (or offered seats) on its waitlist;
 * - nearly gone: a slot of at least `nearlyGoneMinSeats` seats with at most a fifth of them left.
 */
export const HIGH_DEMAND = {
  rushSeats: 10,
  rushMinutes: 10,
  waiting: 10,
  nearlyGoneMinSeats: 20,
  nearlyGoneLeftShare: 0.2,
} as const;
