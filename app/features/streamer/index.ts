/** The streamer feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { PROFESSIONS, STREAMER_PROFILE_MESSAGES, streamerProfileSchema, suggestStarSchema } from "./profile-schema";
