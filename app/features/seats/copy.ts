/** What a fan reads when a slot cannot be read or has no seats for them. */
export const SEAT_COPY = {
  slotNotFound: "Slot not found",
  slotNotBookable: "This slot can no longer be booked",
  notEnoughSeats: "Not enough seats left in this slot",
  /** The gig page's line under a time its streamer marked as a drop (docs/decisions/042). */
  dropLine: "A drop: booking it asks a quick check that you are not a robot",
} as const;
