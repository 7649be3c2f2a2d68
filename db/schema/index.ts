/**
 * The Drizzle schema, one file per domain. drizzle.config.ts points here; migrations are
 * generated into migrations/ by `drizzle-kit generate`.
 */

export * from "./analytics";
export * from "./archive";
export * from "./audit";
export * from "./auth";
export * from "./cache";
export * from "./catalogue";
export * from "./chat";
export * from "./closures";
export type { JsonValue, Requirement } from "./columns";
export * from "./constants";
export * from "./content";
export * from "./currency";
export * from "./favourites";
export * from "./feeds";
export * from "./gigs";
export * from "./influencers";
export * from "./jobs";
export * from "./live";
export * from "./moderation";
export * from "./move-offers";
export * from "./notifications";
export * from "./onboarding";
export * from "./orders";
export * from "./outbox";
export * from "./packs";
export * from "./passes";
export * from "./payouts";
export * from "./promo";
export * from "./push";
export * from "./reminders";
export * from "./reviews";
export * from "./slots";
export * from "./users";
export * from "./waitlist";
export * from "./wallet";
