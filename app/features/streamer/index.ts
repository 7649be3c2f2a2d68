/** The streamer feature: what other features and routes may use of it (server-only parts in index.server.ts). */

export { STREAMER_PROFILE_COPY } from "./copy";
export { PROFESSIONS, streamerProfileSchema, suggestStarSchema } from "./profile-schema";
