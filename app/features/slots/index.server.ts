/** The slots feature's server side: what other features, routes and the Worker may use of it. */

export { moveTargetsOf, offerSlotMove, slotMoveSummary } from "./move-offer.server";
export {
  addSlots,
  cancelSlot,
  monthSlots,
  setSlotDrop,
  setSlotLobbyCode,
  slotsBetween,
  slotWithBuyers,
  streamerLobbyCode,
  upcomingSlots,
} from "./slots.server";
