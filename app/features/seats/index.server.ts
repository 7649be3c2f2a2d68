/** The seats feature's server side: what other features, routes and the Worker may use of it. */

export type { BookableSlot } from "./slots.server";
export {
  checkSlotAvailable,
  getSlot,
  gigSlotsInDemandQuery,
  holdsCheckoutInDemand,
  slotInHighDemand,
  slotsInHighDemand,
  upcomingSlotsOfGig,
} from "./slots.server";
