/** Booking numbers that are rules, not words (the words are in copy.ts). */

/** A gamer tag per seat, as stored (booking_gamertags CHECK). */
export const GAMERTAG_MAX_LENGTH = 64;
