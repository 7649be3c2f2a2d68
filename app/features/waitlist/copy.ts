/** The words the fan sees about the waitlist (docs/domain.md "Waitlist place"). */
export const WAITLIST_COPY = {
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
