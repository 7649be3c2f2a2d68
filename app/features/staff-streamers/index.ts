/** The staff-streamers feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { STAFF_STREAMER_MESSAGES, STREAMER_LIST_DEFAULTS } from "./messages";
export {
  platformFeeSchema,
  registerStreamerSchema,
  removeStreamerSchema,
  STREAMER_SORTS,
  showAtLandingSchema,
  streamerListSchema,
} from "./schema";
