import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: staff administration (payouts, validations, catalogue, promo codes, streamers, configurations, onboarding, content, giveaway, moderation). */
export const apiAdmin: RouteConfigEntry[] = [
  // Staff administration (docs/decisions/016): payouts and validations
  route("admin/remaining-orders/:influencerId", "routes/api/admin/payouts/remaining-orders.ts", {
    id: "api-remaining-orders",
  }),
  route("admin/generate-remaining-orders/:influencerId", "routes/api/admin/payouts/remaining-orders.ts", {
    id: "api-generate-remaining-orders",
  }),
  route("admin/payout-history/:influencerId", "routes/api/admin/payouts/payouts-list.ts", {
    id: "api-admin-payout-history",
  }),
  route("admin/active-payouts/:influencerId", "routes/api/admin/payouts/payouts-list.ts", {
    id: "api-admin-active-payouts",
  }),
  route("admin/create-payout", "routes/api/admin/payouts/create-payout.ts"),
  route("admin/edit-payout", "routes/api/admin/payouts/edit-payout.ts"),
  route("admin/remove-payout", "routes/api/admin/payouts/payout-state.ts", { id: "api-remove-payout" }),
  route("admin/activate-payout", "routes/api/admin/payouts/payout-state.ts", { id: "api-activate-payout" }),
  route("admin/mark-payout-complete", "routes/api/admin/payouts/mark-complete.ts"),
  route("generate/execelsheet/:payoutId", "routes/api/admin/payouts/generate-spreadsheet.ts"),
  route("admin/orders-for-validations/:influencerId", "routes/api/admin/payouts/validations.ts"),
  route("admin/influencer-played-validation/:id", "routes/api/admin/payouts/played-validation.ts"),
  // Admin: catalogue (games, platforms, banners)
  route("admin/add/game", "routes/api/admin/catalogue/games.ts", { id: "api-add-game" }),
  route("admin/edit-game/:id", "routes/api/admin/catalogue/games.ts", { id: "api-edit-game" }),
  route("admin/deleteGame/:id", "routes/api/admin/catalogue/games.ts", { id: "api-delete-game" }),
  route("admin/add/platform", "routes/api/admin/catalogue/platforms-banners.ts", { id: "api-add-platform" }),
  route("admin/add/banner", "routes/api/admin/catalogue/platforms-banners.ts", { id: "api-add-banner" }),
  route("admin/delete/banners/:id", "routes/api/admin/catalogue/platforms-banners.ts", {
    id: "api-delete-banner",
  }),
  // Admin: promo codes
  route("admin/get-promo-code", "routes/api/admin/promo/list.ts"),
  route("create-promo-code", "routes/api/admin/promo/write.ts", { id: "api-create-promo" }),
  route("update-promo-code/:id", "routes/api/admin/promo/write.ts", { id: "api-update-promo" }),
  route("delete-promo-code/:id", "routes/api/admin/promo/write.ts", { id: "api-delete-promo" }),
  // Admin: influencers
  route("register/influencer", "routes/api/admin/streamers/register.ts"),
  route("get/admin/influencers", "routes/api/admin/streamers/read.ts", { id: "api-admin-influencers" }),
  route("get/admin/influencer/:id", "routes/api/admin/streamers/read.ts", { id: "api-admin-influencer" }),
  route("post/admin/influencers/:id/platform-fees", "routes/api/admin/streamers/fees.ts", {
    id: "api-set-platform-fees",
  }),
  route("influencers/:id/platform-fees", "routes/api/admin/streamers/fees.ts", { id: "api-get-platform-fees" }),
  route("influencers/:id/showAtLanding", "routes/api/admin/streamers/write.ts", { id: "api-show-at-landing" }),
  route("post/admin/removeInfluencer/:id", "routes/api/admin/streamers/write.ts", {
    id: "api-remove-influencer",
  }),
  // Admin: configurations
  route("get/configurations", "routes/api/admin/configurations/read.ts", { id: "api-configurations" }),
  route("get/configurations/:key", "routes/api/admin/configurations/read.ts", { id: "api-configuration" }),
  route("add/configurations", "routes/api/admin/configurations/write.ts", { id: "api-add-configuration" }),
  route("update/configurations/:key", "routes/api/admin/configurations/write.ts", {
    id: "api-update-configuration",
  }),
  route("update/platform_fees", "routes/api/admin/configurations/write.ts", { id: "api-update-platform-fees" }),
  route("delete/configurations/:key", "routes/api/admin/configurations/write.ts", {
    id: "api-delete-configuration",
  }),
  // Admin: onboarding verification
  route("get/admin/star-agreement-details", "routes/api/admin/onboarding/details.ts", { id: "api-star-details" }),
  route("get/admin/star-bank-details", "routes/api/admin/onboarding/details.ts", { id: "api-star-bank-details" }),
  route("get/admin/star-agreement", "routes/api/admin/onboarding/details.ts", { id: "api-star-agreement" }),
  route("post/admin/verify-star-agreement", "routes/api/admin/onboarding/verify.ts", { id: "api-verify-star-post" }),
  route("admin/verify-star-agreement", "routes/api/admin/onboarding/verify.ts", { id: "api-verify-star" }),
  route("admin/verify-multiple-star-agreement", "routes/api/admin/onboarding/verify.ts", {
    id: "api-verify-stars",
  }),
  // Admin: content (legal documents, FAQ, contact submissions)
  route("get/admin/termsAndPrivacy", "routes/api/admin/content/legal.ts", { id: "api-admin-legal" }),
  route("post/admin/update/termsAndPrivacy", "routes/api/admin/content/legal.ts", { id: "api-admin-legal-update" }),
  route("post/admin/privacy-policy", "routes/api/admin/content/legal.ts", { id: "api-admin-privacy" }),
  route("post/admin/terms-of-service", "routes/api/admin/content/legal.ts", { id: "api-admin-terms" }),
  route("post/Faqs", "routes/api/admin/content/faqs.ts", { id: "api-admin-faq-save" }),
  route("post/faq", "routes/api/admin/content/faqs.ts", { id: "api-admin-faq-delete" }),
  route("admin/faq/move", "routes/api/admin/content/faqs.ts", { id: "api-admin-faq-move" }),
  route("admin/get-contactus-submissions", "routes/api/admin/content/submissions.ts", { id: "api-contact-list" }),
  route("admin/contactus-submissions/:id/handled", "routes/api/admin/content/submissions.ts", {
    id: "api-contact-handled",
  }),
  // Admin: giveaway
  route("admin/signed-up-users", "routes/api/admin/giveaway/giveaway.ts", { id: "api-giveaway-signed-up" }),
  route("admin/slot-booked-users", "routes/api/admin/giveaway/giveaway.ts", { id: "api-giveaway-booked" }),
  route("admin/send-notifications", "routes/api/admin/giveaway/giveaway.ts", { id: "api-giveaway-send" }),
  // Admin: moderation (reports and bans)
  route("admin/all-reported-accounts", "routes/api/admin/moderation/lists.ts", { id: "api-reported-accounts" }),
  route("admin/all-reviewed-reported-accounts", "routes/api/admin/moderation/lists.ts", {
    id: "api-reviewed-reported-accounts",
  }),
  route("admin/all-banned-accounts", "routes/api/admin/moderation/lists.ts", { id: "api-banned-accounts" }),
  route("admin/mark-reviewed-user-accounts", "routes/api/admin/moderation/decisions.ts", {
    id: "api-mark-reviewed-accounts",
  }),
  route("admin/ban-user-accounts", "routes/api/admin/moderation/decisions.ts", { id: "api-ban-accounts" }),
  route("admin/unban-user-accounts", "routes/api/admin/moderation/unban.ts"),
];
