/** The gigs feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { ownGigJson } from "./api-shape";
export { CoverInput } from "./components/cover-input";
export type { GameOption } from "./components/gig-form";
export { GigForm } from "./components/gig-form";
export { TagInput } from "./components/tag-input";
export { GIG_COPY } from "./copy";
export type { BaseCurrency } from "./schema";
export {
  gameChoiceSchema,
  gigSchema,
  inactiveGigsQuerySchema,
  normaliseTags,
  priceLimitsHint,
  priceSchema,
  requirementsSchema,
  tagsSchema,
  withoutBlankRequirements,
} from "./schema";
