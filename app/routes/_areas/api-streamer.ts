import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: the streamer's gigs, profile, onboarding, slots, orders, earnings, payouts and promo codes. */
export const apiStreamer: RouteConfigEntry[] = [
  // Products (gigs) of the streamer (docs/domain.md, "Slot and booking")
  route("get/products/:id", "routes/api/streamer/products.ts"),
  route("get/paginatedproducts/:id", "routes/api/streamer/paginated-products.ts"),
  route("get/product/:id", "routes/api/streamer/product.ts"),
  route("get/influencer/inactive-gigs/:id", "routes/api/streamer/inactive-gigs.ts"),
  route("influencer/add/product", "routes/api/streamer/add-product.ts"),
  route("influencer/update/product/:id", "routes/api/streamer/update-product.ts"),
  route("influencer/delete/product/:id", "routes/api/streamer/delete-product.ts"),
  route("post/influencer/archive-gig/:id", "routes/api/streamer/archive-gig.ts"),
  route("post/influencer/unarchive-gig/:id", "routes/api/streamer/unarchive-gig.ts"),

  route("get/influencer/:id", "routes/api/streamer/streamer.ts"),
  route("influencer/profile/update", "routes/api/streamer/profile-update.ts"),
  route("suggeststar", "routes/api/streamer/suggest-star.ts"),

  route("post/streamer/onboard", "routes/api/streamer/onboard.ts"),

  // Slots, influencer side
  route("get/slots/influencer/:id", "routes/api/streamer/slots-of-streamer.ts"),
  route("get/present_future/slots/influencer/:id", "routes/api/streamer/present-future-slots.ts"),
  route("get/last_seven_and_present_future/slots/influencer/:id", "routes/api/streamer/recent-future-slots.ts"),
  route("get/monthvise/slots/influencer/:id/:month/:year", "routes/api/streamer/month-slots.ts"),
  route("get/slot/:id", "routes/api/streamer/slot.ts"),
  route("post/influencer/slots/add", "routes/api/streamer/add-slots.ts"),
  route("streamer/lobby-code-details", "routes/api/streamer/lobby-code-details.ts"),

  // Orders, earnings, payouts and promo codes of the streamer
  route("get/orders/influencer/:id", "routes/api/streamer/orders.ts", { id: "api-influencer-orders" }),
  route("get/orders/paginated/influencer/:id", "routes/api/streamer/orders.ts", {
    id: "api-influencer-orders-paginated",
  }),
  route("get/influencer/total-earnings/:id", "routes/api/streamer/total-earnings.ts"),
  route("get/influencer/paginated-earnings/:id", "routes/api/streamer/paginated-earnings.ts"),
  route("get/influencer/payout-history", "routes/api/streamer/payout-history.ts", { id: "api-payout-history-own" }),
  route("get/influencer/payout-history/:id", "routes/api/streamer/payout-history.ts", { id: "api-payout-history" }),
  route("streamer/get-promocode/:id", "routes/api/streamer/promo-codes.ts"),
];
