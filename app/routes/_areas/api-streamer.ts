import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: the streamer's gigs, profile, onboarding, slots, orders, earnings, payouts and promo codes. */
export const apiStreamer: RouteConfigEntry[] = [
  // Products (gigs) of the streamer (docs/domain.md, "Products and influencer profile")
  route("get/products/:id", "routes/api/influencer/products.ts"),
  route("get/paginatedproducts/:id", "routes/api/influencer/paginated-products.ts"),
  route("get/product/:id", "routes/api/influencer/product.ts"),
  route("get/influencer/inactive-gigs/:id", "routes/api/influencer/inactive-gigs.ts"),
  route("influencer/add/product", "routes/api/influencer/add-product.ts"),
  route("influencer/update/product/:id", "routes/api/influencer/update-product.ts"),
  route("influencer/delete/product/:id", "routes/api/influencer/delete-product.ts"),
  route("post/influencer/archive-gig/:id", "routes/api/influencer/archive-gig.ts"),
  route("post/influencer/unarchive-gig/:id", "routes/api/influencer/unarchive-gig.ts"),

  route("get/influencer/:id", "routes/api/influencer/influencer.ts"),
  route("influencer/profile/update", "routes/api/influencer/profile-update.ts"),
  route("suggeststar", "routes/api/influencer/suggest-star.ts"),

  route("post/streamer/onboard", "routes/api/influencer/onboard.ts"),

  // Slots, influencer side
  route("get/slots/influencer/:id", "routes/api/influencer/slots-of-influencer.ts"),
  route("get/present_future/slots/influencer/:id", "routes/api/influencer/present-future-slots.ts"),
  route("get/last_seven_and_present_future/slots/influencer/:id", "routes/api/influencer/recent-future-slots.ts"),
  route("get/monthvise/slots/influencer/:id/:month/:year", "routes/api/influencer/month-slots.ts"),
  route("get/slot/:id", "routes/api/influencer/slot.ts"),
  route("post/influencer/slots/add", "routes/api/influencer/add-slots.ts"),
  route("streamer/lobby-code-details", "routes/api/influencer/lobby-code-details.ts"),

  // Orders, earnings, payouts and promo codes of the streamer
  route("get/orders/influencer/:id", "routes/api/influencer/orders.ts", { id: "api-influencer-orders" }),
  route("get/orders/paginated/influencer/:id", "routes/api/influencer/orders.ts", {
    id: "api-influencer-orders-paginated",
  }),
  route("get/influencer/total-earnings/:id", "routes/api/influencer/total-earnings.ts"),
  route("get/influencer/paginated-earnings/:id", "routes/api/influencer/paginated-earnings.ts"),
  route("get/influencer/payout-history", "routes/api/influencer/payout-history.ts", { id: "api-payout-history-own" }),
  route("get/influencer/payout-history/:id", "routes/api/influencer/payout-history.ts", { id: "api-payout-history" }),
  route("streamer/get-promocode/:id", "routes/api/influencer/promo-codes.ts"),
];
