/**
 * The Drizzle schema, one file per domain. drizzle.config.ts points here; migrations are
 * generated into migrations/ by `drizzle-kit generate`.
 */
export * from "./constants";
export * from "./users";
export * from "./auth";
export * from "./influencers";
export * from "./catalogue";
export * from "./products";
export * from "./slots";
export * from "./orders";
export * from "./wallet";
export * from "./promo";
export * from "./live";
export * from "./notifications";
export * from "./favourites";
export * from "./moderation";
export * from "./content";
export * from "./onboarding";
export * from "./payouts";
export * from "./currency";
export * from "./analytics";
export type { JsonValue, Requirement } from "./columns";
