/** The staff-streamers feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { STAFF_STREAMER_COPY } from "./copy";
export { STREAMER_LIST_DEFAULTS } from "./rules";
export {
  platformFeeSchema,
  registerStreamerSchema,
  removeStreamerSchema,
  STREAMER_SORTS,
  showAtLandingSchema,
  streamerListSchema,
} from "./schema";
