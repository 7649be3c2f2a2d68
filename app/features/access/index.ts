/** The access feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { assertManageBusiness, assertReadBusiness } from "./business";
export type { Capability } from "./capabilities";
export { CAPABILITY_LABELS, canStaff, isOrderStaff, STAFF_CAPABILITIES, staffRefusal } from "./capabilities";
export type { Role, Viewer } from "./policy";
export {
  afterLoginPath,
  assertOwnAccount,
  canOpenAdmin,
  headerSearchMode,
  isStaff,
  showsBellAndAvatar,
} from "./policy";
export type { StaffViewer } from "./staff";
export { assertStaff } from "./staff";
