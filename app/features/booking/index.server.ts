/** The booking feature's server side: what other features, routes and the Worker may use of it. */
export { bookingFormData, bookingFormQuery } from "./booking-form.server";
export { cancelBooking, findOwnConfirmedBooking } from "./cancel.server";
export {
  bookingCancelledMail,
  fanCancelledMail,
  fanCancelledNotice,
  noShowCancelledMail,
  noShowCancelledNotice,
  noShowRefundedMail,
  slotCancelledMail,
  slotCancelledNotice,
  streamerRemovedMail,
  streamerRemovedNotice,
} from "./cancel-messages.server";
export {
  bookingConfirmedEmail,
  bookingConfirmedNotice,
  lateRefundEmail,
  lateRefundNotice,
} from "./confirmation.server";
export { slotBookingStep } from "./fulfilment-step.server";
export { bookedSlotDetails, editGamerTagOfSlot, updateGamerTags } from "./gamer-tags.server";
export { bookingEventUid } from "./invite.server";
export { orderInvoicePdf } from "./invoice.server";
export { lobbyCodeForUser } from "./lobby.server";
export {
  moveOfferedMail,
  moveOfferedNotice,
  moveWithdrawnMail,
  moveWithdrawnNotice,
} from "./move-offer-messages.server";

export { withdrawMoveOffer } from "./move-offer-withdraw.server";
export type { MoveOffered } from "./move-offers.server";
export {
  answerMoveOffer,
  moveOfferFor,
  offerSlotMoveToBuyers,
  refundUnansweredMoveOffers,
} from "./move-offers.server";
export type { WaitingMoveOffers } from "./move-offers-waiting.server";
export { waitingMoveOffersOf } from "./move-offers-waiting.server";
export { claimNoShowRefund, offerNoShowRefunds, refundStreamerNoShows, startSlotSession } from "./no-show.server";
export {
  noShowClaimedNotice,
  noShowOfferedMail,
  noShowOfferedNotice,
  slotStartedMail,
  slotStartedNotice,
  streamerNoShowMail,
  streamerNoShowNotice,
} from "./no-show-messages.server";
export { listUserOrderSections } from "./order-sections.server";
export { getOrder, getOrderByCheckoutSession, listUserOrders } from "./orders.server";
export { previewPromo, verifyPromoCode } from "./promo-quote.server";
export { placeOrder } from "./purchase.server";
export { sendBookingReminders } from "./reminders.server";

export { rescheduleBooking, rescheduleChoices } from "./reschedule.server";
export {
  bookingMovedMail,
  bookingMovedNotice,
  fanMovedMail,
  fanMovedNotice,
} from "./reschedule-messages.server";
export { reviewPromptMail, reviewPromptNotice, sendReviewPrompts } from "./review-prompts.server";
export {
  afterSlotCancellation,
  refundSlotBookingsInFull,
  slotCancellationResult,
  slotCancellationStatements,
} from "./slot-cancel.server";
export { slotPickerView } from "./slot-picker-view";
