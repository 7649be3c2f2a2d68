/** The onboarding feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { ONBOARDING_COPY, ONBOARDING_STAFF_COPY } from "./copy";
export { BANK_IDENTIFIER_KINDS, onboardingSchema, TSHIRT_SIZES } from "./schema";
export { secretKeyQuerySchema, streamerUserSchema, verifyManySchema, verifyOneSchema } from "./staff-schema";
