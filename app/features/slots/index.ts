/** The slots feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { buyerJson, slotJson } from "./api-shape";
export { LocalTime, TimeZoneInput } from "./components/local-time";
export { SLOT_MESSAGES } from "./messages";
export {
  addSlotsSchema,
  cancelSlotSchema,
  lobbyCodeSchema,
  monthSchema,
  REPEAT_WEEKS_MAX,
  SLOT_BUYERS_PAGE,
  UPCOMING_SLOTS_LIMIT,
} from "./schema";
