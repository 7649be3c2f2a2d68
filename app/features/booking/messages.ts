/** Messages of the booking area after purchase (SPEC.md section 8 wording where it has one). */
export const BOOKING_MESSAGES = {
  bookingNotFound: "Booking not found",
  orderNotFound: "Order not found",
  notCancellable: "Only a confirmed booking can be cancelled",
  alreadyStarted: "This session has already started",
  alreadyCancelled: "This booking is already cancelled",
  cancelled: "Your booking is cancelled",
  gamertagsUpdated: "Gamertags updated successfully",
  gamertagsLocked: "Gamer tags can no longer be changed: the session has started or the booking is closed",
  unknownGamertag: "That gamer tag is not part of this booking",
  notBooked: "You have not booked this session",
  yearAndMonthRequired: "Year and month are required",
  ordersError: "Error fetching orders",
} as const;
