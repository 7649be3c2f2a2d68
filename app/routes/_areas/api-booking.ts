import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: booking and paying for slots, the fan's orders after purchase, the exchange rate. */
export const apiBooking: RouteConfigEntry[] = [
  // Booking and payment (docs/domain.md)
  route("stripe", "routes/api/booking/stripe-webhook.ts"),
  route("post/check-slot-available-to-book/:slotId", "routes/api/booking/check-slot-available.ts"),
  route("book-slot/create-order", "routes/api/booking/book-slot-create-order.ts"),
  route("create-checkout-session", "routes/api/booking/create-checkout-session.ts"),
  route("create/order", "routes/api/booking/create-order-wallet.ts"),
  route("update/order/sucess/:sessionId", "routes/api/booking/update-order-success.ts"),
  route("get/slots/:productId", "routes/api/booking/slots-of-gig.ts"),
  route("verify-promo-code", "routes/api/booking/verify-promo-code.ts"),

  // Currency
  route("v1/get-conversion-rate/usd-to-inr", "routes/api/conversion-rate.ts"),

  // Orders after purchase (docs/decisions/009): the fan's orders, gamer tags, invoice, cancellation, lobby code
  route("orders/update_gamer_tags", "routes/api/orders/update-gamer-tags.ts"),
  route("v1/user/booked-slot-details", "routes/api/orders/booked-slot-details.ts"),
  route("v1/user/edit-gamer-tag", "routes/api/orders/edit-gamer-tag.ts"),
  route("get/order_by_orderid/:id", "routes/api/orders/order-by-id.ts"),
  route("get/orders_by_stipe_session_id/:id", "routes/api/orders/order-by-session.ts"),
  route("get/orders_by_userid/:id", "routes/api/orders/user-orders.ts", { id: "api-orders-by-user" }),
  route("get/orders/paginated/user/:id", "routes/api/orders/user-orders.ts", { id: "api-orders-paginated-user" }),
  route("get/orders/monthly/user/:id", "routes/api/orders/user-orders.ts", { id: "api-orders-monthly-user" }),
  route("get/user_order/invoice/:orderId", "routes/api/orders/invoice.ts"),
  // A session pack's and a VIP pass's own invoice (docs/decisions/040), beside an order's.
  route("get/user_pack/invoice/:id", "routes/api/orders/prepaid-invoice.ts", { id: "api-pack-invoice" }),
  route("get/user_pass/invoice/:id", "routes/api/orders/prepaid-invoice.ts", { id: "api-pass-invoice" }),
  route("post/slots/delete/user", "routes/api/orders/cancel-slot.ts"),
  route("orders/reschedule", "routes/api/orders/reschedule.ts"),
  route("orders/move-offer", "routes/api/orders/move-offer.ts"),
  route("user/lobby-code-details", "routes/api/orders/lobby-code.ts"),
];
