import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** The signed-in fan's pages: profile, orders, notifications, favourites, checkout's return pages, the wallet. */
export const accountPages: RouteConfigEntry[] = [
  route("profile", "routes/account/profile.tsx"),
  route("profile/data", "routes/account/data.tsx"),
  route("profile/data/:file", "routes/account/data-download.ts"),
  route("profile/twitch", "routes/account/profile-twitch.ts", { id: "profile-twitch-start" }),
  route("profile/twitch/callback", "routes/account/profile-twitch.ts", { id: "profile-twitch-callback" }),
  route("profile/orders/:orderId", "routes/account/order.tsx"),
  route("profile/orders/:orderId/cancel", "routes/account/cancel-order.tsx"),
  route("profile/orders/:orderId/reschedule", "routes/account/reschedule-order.tsx"),
  route("profile/orders/:orderId/new-time", "routes/account/move-offer.tsx"),
  route("profile/orders/:orderId/review", "routes/account/review.tsx"),
  route("profile/orders/:orderId/no-show-refund", "routes/account/no-show-refund.tsx"),
  route("change-email/verifyotp/:token/:email", "routes/account/change-email-verify.tsx"),
  route("unsubscribe/:email", "routes/account/unsubscribe.tsx"),
  route("notifications", "routes/account/notifications.tsx"),
  route("favourites", "routes/account/favourites.ts"),
  route("checkout/success", "routes/checkout/success.tsx"),
  route("checkout/cancel", "routes/checkout/cancel.tsx"),
  route("wallet/top-up", "routes/wallet/top-up.tsx"),
];
