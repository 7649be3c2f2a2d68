/** What a fan reads when a slot cannot be read or has no seats for them. */
export const SEAT_COPY = {
  slotNotFound: "Slot not found",
  slotNotBookable: "This slot can no longer be booked",
  notEnoughSeats: "Not enough seats left in this slot",
} as const;
