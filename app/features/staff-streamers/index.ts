/** The staff-streamers feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { INFLUENCER_LIST_DEFAULTS, STAFF_INFLUENCER_MESSAGES } from "./messages";
export {
  INFLUENCER_SORTS,
  influencerListSchema,
  platformFeeSchema,
  registerInfluencerSchema,
  removeInfluencerSchema,
  showAtLandingSchema,
} from "./schema";
