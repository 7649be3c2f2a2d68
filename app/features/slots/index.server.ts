/** The slots feature's server side: what other features, routes and the Worker may use of it. */
export {
  addSlots,
  cancelSlot,
  monthSlots,
  setSlotLobbyCode,
  slotWithBuyers,
  streamerLobbyCode,
  upcomingSlots,
} from "./slots.server";
