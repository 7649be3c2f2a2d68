/** Waitlist rules (docs/domain.md "Waitlist place"); the words are in copy.ts. */
import { HOLD_MINUTES } from "~/features/seats";

/** How long an offer holds its seats for the fan: exactly as long as a card checkout holds them. */
export const OFFER_MINUTES = HOLD_MINUTES;

/** At most this many offers are written per batch (a slot has at most 100 seats; each offer takes at least one). */
export const OFFERS_PER_BATCH_MAX = 20;

/** Slots looked at per sweep (those with a waiting fan who fits the seats free now). */
export const SWEEP_SLOTS_MAX = 50;
