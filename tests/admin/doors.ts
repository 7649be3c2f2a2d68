import type { Capability } from "~/features/access/capabilities";

/**
 * Every staff door: each admin page and each admin /api call, with the capability it needs (ADR 005). The role
 * matrix (tests/integration/admin-matrix.test.ts) tries each one as every kind of visitor, and
 * tests/architecture/admin-doors.test.ts fails when the route config (app/routes.ts, app/routes/_areas/) gains an admin route that is not listed here,
 * so a new screen cannot ship outside the matrix.
 *
 * `path` is the route pattern as written in the route config (app/routes/_areas/) (":id" parameters are filled with a made-up id: a
 * permitted role may then get a 404 or 400, which the matrix accepts; what it refuses is 401/403 for a permitted
 * role, anything else for a refused one, and any 5xx).
 */
export type AdminDoor = {
  kind: "page" | "api";
  method: "GET" | "POST" | "DELETE";
  /** As in the route config, without the leading slash; API paths without the "api/" prefix. */
  path: string;
  capability: Capability;
  /** A POST body (form fields for pages, JSON for the API); empty by default. */
  body?: Record<string, unknown>;
};

const page = (path: string, capability: Capability, method: "GET" | "POST" = "GET"): AdminDoor => ({
  kind: "page",
  method,
  path,
  capability,
});
const api = (method: "GET" | "POST" | "DELETE", path: string, capability: Capability): AdminDoor => ({
  kind: "api",
  method,
  path,
  capability,
});

export const ADMIN_DOORS: AdminDoor[] = [
  // Dashboard
  page("admin/dashboard", "dashboard"),
  // Payouts and validations
  page("admin/payout/influencer/:id", "payouts"),
  page("admin/payout/influencer/:id", "payouts", "POST"),
  page("admin/payout/statement/:payoutId", "payouts"),
  page("admin/validations/influencer-game-playing-validations/:influencerId", "validations"),
  page("admin/validations/influencer-game-playing-validations/:influencerId", "validations", "POST"),
  api("GET", "admin/remaining-orders/:influencerId", "payouts"),
  api("POST", "admin/generate-remaining-orders/:influencerId", "payouts"),
  api("GET", "admin/payout-history/:influencerId", "payouts"),
  api("GET", "admin/active-payouts/:influencerId", "payouts"),
  api("POST", "admin/create-payout", "payouts"),
  api("POST", "admin/edit-payout", "payouts"),
  api("POST", "admin/remove-payout", "payouts"),
  api("POST", "admin/activate-payout", "payouts"),
  api("POST", "admin/mark-payout-complete", "payouts"),
  api("POST", "generate/execelsheet/:payoutId", "payouts"),
  api("GET", "admin/orders-for-validations/:influencerId", "validations"),
  api("POST", "admin/influencer-played-validation/:id", "validations"),
  // Catalogue: games, platforms, banners
  page("admin/games", "catalogue"),
  page("admin/games", "catalogue", "POST"),
  page("admin/games/add", "catalogue"),
  page("admin/games/add", "catalogue", "POST"),
  page("admin/edit-game/:gameId", "catalogue"),
  page("admin/edit-game/:gameId", "catalogue", "POST"),
  page("admin/platforms", "catalogue"),
  page("admin/platforms", "catalogue", "POST"),
  page("admin/platforms/add", "catalogue"),
  page("admin/platforms/add", "catalogue", "POST"),
  page("admin/banners", "catalogue"),
  page("admin/banners", "catalogue", "POST"),
  page("admin/banners/add", "catalogue"),
  page("admin/banners/add", "catalogue", "POST"),
  api("POST", "admin/add/game", "catalogue"),
  api("POST", "admin/edit-game/:id", "catalogue"),
  api("POST", "admin/deleteGame/:id", "catalogue"),
  api("POST", "admin/add/platform", "catalogue"),
  api("POST", "admin/add/banner", "catalogue"),
  api("POST", "admin/delete/banners/:id", "catalogue"),
  // Promo codes
  page("admin/manage-promo-codes", "promoCodes"),
  page("admin/manage-promo-codes", "promoCodes", "POST"),
  api("GET", "admin/get-promo-code", "promoCodes"),
  api("POST", "create-promo-code", "promoCodes"),
  api("POST", "update-promo-code/:id", "promoCodes"),
  api("DELETE", "delete-promo-code/:id", "promoCodes"),
  // Influencers
  page("admin/influencer", "influencers"),
  page("admin/influencer/:id", "influencers"),
  page("admin/influencer/:id", "influencers", "POST"),
  page("admin/add-influencer", "influencers"),
  page("admin/add-influencer", "influencers", "POST"),
  api("POST", "register/influencer", "influencers"),
  api("GET", "get/admin/influencers", "influencers"),
  api("GET", "get/admin/influencer/:id", "influencers"),
  api("POST", "post/admin/influencers/:id/platform-fees", "platformFees"),
  api("GET", "influencers/:id/platform-fees", "platformFees"),
  api("POST", "influencers/:id/showAtLanding", "influencers"),
  api("POST", "post/admin/removeInfluencer/:id", "influencers"),
  // Configurations
  page("admin/configurations", "configurations"),
  page("admin/configurations", "configurations", "POST"),
  api("GET", "get/configurations", "configurations"),
  api("GET", "get/configurations/:key", "configurations"),
  api("POST", "add/configurations", "configurations"),
  api("POST", "update/configurations/:key", "configurations"),
  api("POST", "update/platform_fees", "configurations"),
  api("POST", "delete/configurations/:key", "configurations"),
  // Onboarding verification
  page("admin/verify-onboarding-details", "onboarding"),
  page("admin/verify-onboarding-details", "onboarding", "POST"),
  api("GET", "get/admin/star-agreement-details", "onboarding"),
  api("POST", "get/admin/star-bank-details", "onboarding"),
  api("POST", "get/admin/star-agreement", "onboarding"),
  api("POST", "post/admin/verify-star-agreement", "onboarding"),
  api("POST", "admin/verify-star-agreement", "onboarding"),
  api("POST", "admin/verify-multiple-star-agreement", "onboarding"),
  // Content: legal documents, FAQ, contact submissions
  page("admin/privacy-policy", "content"),
  page("admin/privacy-policy", "content", "POST"),
  page("admin/terms-of-services", "content"),
  page("admin/terms-of-services", "content", "POST"),
  page("admin/terms-and-privacy", "content"),
  page("admin/terms-and-privacy", "content", "POST"),
  page("admin/faqs", "content"),
  page("admin/faqs", "content", "POST"),
  page("admin/refunds", "payouts"),
  page("admin/refunds", "payouts", "POST"),
  page("admin/contact-us-submissions", "contactSubmissions"),
  page("admin/contact-us-submissions", "contactSubmissions", "POST"),
  api("GET", "get/admin/termsAndPrivacy", "content"),
  api("POST", "post/admin/update/termsAndPrivacy", "content"),
  api("POST", "post/admin/privacy-policy", "content"),
  api("POST", "post/admin/terms-of-service", "content"),
  api("POST", "post/Faqs", "content"),
  api("POST", "post/faq", "content"),
  api("POST", "admin/faq/move", "content"),
  api("GET", "admin/get-contactus-submissions", "contactSubmissions"),
  api("POST", "admin/contactus-submissions/:id/handled", "contactSubmissions"),
  // Giveaway and the audit log
  page("admin/noobrd-giveaway", "giveaway"),
  page("admin/noobrd-giveaway", "giveaway", "POST"),
  api("GET", "admin/signed-up-users", "giveaway"),
  api("GET", "admin/slot-booked-users", "giveaway"),
  api("POST", "admin/send-notifications", "giveaway"),
  page("admin/audit-log", "audit"),
  // Moderation
  page("admin/reported-users", "moderation"),
  page("admin/reported-users", "moderation", "POST"),
  page("admin/reported-reviews", "moderation"),
  page("admin/reported-reviews", "moderation", "POST"),
  page("admin/banned-users", "moderation"),
  page("admin/account-closures", "moderation"),
  page("admin/banned-users", "moderation", "POST"),
  api("GET", "admin/all-reported-accounts", "moderation"),
  api("GET", "admin/all-reviewed-reported-accounts", "moderation"),
  api("GET", "admin/all-banned-accounts", "moderation"),
  api("POST", "admin/mark-reviewed-user-accounts", "moderation"),
  api("POST", "admin/ban-user-accounts", "moderation"),
  api("POST", "admin/unban-user-accounts", "moderation"),
];

/**
 * Routes under admin/ or api/admin/ that are not staff doors: the staff login and the site-password gate (the
 * gate's calls are for every visitor). Anything else under those prefixes must be in ADMIN_DOORS.
 */
export const NOT_STAFF_DOORS = [
  "admin/login",
  "api/admin/login",
  "api/admin/validate-website-password",
  "api/admin/validate-token-for-website-password",
];
