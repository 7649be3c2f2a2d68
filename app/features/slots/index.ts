/** The slots feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export type { AgendaDay, SlotAgenda } from "./agenda";
export { slotAgenda } from "./agenda";
export { buyerJson, slotJson } from "./api-shape";
export { LocalTime } from "./components/local-time";
export { SLOT_COPY } from "./copy";
export { MOVE_OFFER_YES, moveOfferQuestion } from "./move-question";
export {
  addSlotsFormSchema,
  addSlotsSchema,
  cancelSlotSchema,
  lobbyCodeSchema,
  monthSchema,
  offerMoveSchema,
  REPEAT_WEEKS_MAX,
  SLOT_BUYERS_PAGE,
  slotDropSchema,
  UPCOMING_SLOTS_LIMIT,
} from "./schema";
