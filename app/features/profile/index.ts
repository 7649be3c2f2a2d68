/** The profile feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { PROFILE_COPY } from "./copy";
export { sniffImage } from "./picture";
export type { SocialNetwork } from "./schema";
export {
  bioSchema,
  GAMERTAG_PLATFORMS,
  gamertagsSchema,
  reportSchema,
  SOCIAL_NETWORKS,
  socialKeySchema,
  socialLinksSchema,
} from "./schema";
export { userJson } from "./serialize";
