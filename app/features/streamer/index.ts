/** The streamer feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { INFLUENCER_PROFILE_MESSAGES, influencerProfileSchema, PROFESSIONS, suggestStarSchema } from "./profile-schema";
