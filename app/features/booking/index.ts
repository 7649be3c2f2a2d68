/** The booking feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { CANCELLABLE_BOOKING_STATUS, cancellableStartsAfter } from "./cancellation-policy";
export { BookingForm } from "./components/booking-form";
export { offersRefundChoice, RefundChoice, refundPreview } from "./components/cancel-booking";
export { OrderCard, orderTitle } from "./components/order-card";
export { OrdersSection } from "./components/orders-section";
export { SlotStartControl } from "./components/slot-start";
export { BOOKING_COPY } from "./copy";

export { canStartSlot } from "./no-show-policy";
export { orderJson, orderPageJson } from "./order-json";
export {
  lobbyCodeVisible,
  MONTHLY_ORDERS_PAGE_SIZE,
} from "./order-view";
export {
  bookedSlotDetailsSchema,
  cancelOrderFormSchema,
  cancelUserSlotSchema,
  editGamerTagSchema,
  lobbyCodeQuerySchema,
  monthlyOrdersQuerySchema,
  moveOfferApiSchema,
  moveOfferFormSchema,
  orderListQuerySchema,
  orderSectionPagesSchema,
  rescheduleApiSchema,
  rescheduleFormSchema,
  updateGamerTagsSchema,
} from "./orders-schema";
export { APPLY_PROMO_INTENT, type PromoPreview } from "./promo-preview";

export { bookingFormSchema, normalizePurchaseBody, promoQuerySchema, purchaseSchema } from "./schema";
export { pickerTimes, type SlotPickerView } from "./slot-picker-view";
