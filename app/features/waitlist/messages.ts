/** Waitlist rules and the words the fan sees (docs/domain.md "Waitlist place"). */
import { HOLD_MINUTES } from "~/features/seats";

/** How long an offer holds its seats for the fan: exactly as long as a card checkout holds them. */
export const OFFER_MINUTES = HOLD_MINUTES;

/** At most this many offers are written per batch (a slot has at most 100 seats; each offer takes at least one). */
export const OFFERS_PER_BATCH_MAX = 20;

/** Slots looked at per sweep (those with a waiting fan who fits the seats free now). */
export const SWEEP_SLOTS_MAX = 50;

export const WAITLIST_MESSAGES = {
  slotNotFound: "Slot not found",
  staffCannotJoin: "Staff accounts cannot join a waitlist",
  ownSlot: "You cannot join the waitlist of your own slot",
  notFull: "Seats are still free in this slot: book them instead",
  notOpen: "This slot can no longer be booked",
  tooManySeats: "That is more seats than this slot has",
  seatsRequired: "Choose how many seats you want",
  holdsSeat: "You already have a seat in this slot (booked or held for checkout), so you cannot join its waitlist",
  alreadyJoined: "You are already on this slot's waitlist",
  notOnWaitlist: "You are not on this slot's waitlist",
  joined: "You joined the waitlist",
  left: "You left the waitlist",
} as const;
