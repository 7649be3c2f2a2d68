/** The booking feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { CANCELLABLE_BOOKING_STATUS, cancellableStartsAfter } from "./cancellation-policy";
export { BookingForm } from "./components/booking-form";
export { offersRefundChoice, RefundChoice, refundPreview } from "./components/cancel-booking";
export { OrderCard, orderTitle } from "./components/order-card";
export { OrdersSection } from "./components/orders-section";
export { SlotStartControl } from "./components/slot-start";
export { BOOKING_COPY } from "./copy";
export { MOVE_OFFER_CHOICES, type MoveOfferChoice } from "./move-offer-policy";
export {
  canStartSlot,
  NO_SHOW_OFFER_BUTTON,
  NO_SHOW_OFFER_TEXT,
  noShowOfferFrom,
  noShowRefundOffered,
} from "./no-show-policy";
export { orderJson, orderPageJson } from "./order-json";
export {
  lobbyCodeVisible,
  MONTHLY_ORDERS_PAGE_SIZE,
  ORDER_SECTIONS,
  type OrderSection,
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
export { RESCHEDULE_BEFORE_MS, reschedulable, rescheduleDeadline } from "./reschedule-policy";
export { bookingFormSchema, normalizePurchaseBody, promoQuerySchema, purchaseSchema } from "./schema";
export { type PickerTime, pickerTimes, type SlotPickerView } from "./slot-picker-view";
