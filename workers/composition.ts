import { setCountryStatements } from "../app/features/auth/index.server";
import {
  bookingCancelledMail,
  bookingConfirmedEmail,
  bookingConfirmedNotice,
  bookingMovedMail,
  bookingMovedNotice,
  fanCancelledMail,
  fanCancelledNotice,
  fanMovedMail,
  fanMovedNotice,
  lateRefundEmail,
  lateRefundNotice,
  moveOfferedMail,
  moveOfferedNotice,
  moveWithdrawnMail,
  moveWithdrawnNotice,
  noShowCancelledMail,
  noShowCancelledNotice,
  noShowClaimedNotice,
  noShowOfferedMail,
  noShowOfferedNotice,
  noShowRefundedMail,
  reviewPromptMail,
  reviewPromptNotice,
  slotBookingStep,
  slotCancelledMail,
  slotCancelledNotice,
  slotStartedMail,
  slotStartedNotice,
  streamerNoShowMail,
  streamerNoShowNotice,
  streamerRemovedMail,
  streamerRemovedNotice,
} from "../app/features/booking/index.server";
import { tellCalledChatFan } from "../app/features/chat/index.server";
import { setCallHooks, vipQueueStep, vipRefundedNotice } from "../app/features/live/index.server";
import { setMessageTemplates } from "../app/features/messages/index.server";
import { packByCardNotice, packCardEarmark } from "../app/features/packs/index.server";
import { passByCardNotice, passCardEarmark } from "../app/features/passes/index.server";
import { setFulfilmentSteps, walletTopupStep } from "../app/features/payments/index.server";
import { payoutCompletedNotice } from "../app/features/payouts/index.server";
import { reviewPostedMail, reviewPostedNotice } from "../app/features/reviews/index.server";
import { waitlistOfferEmail, waitlistOfferNotice } from "../app/features/waitlist/index.server";
import { refundDoneEmail, refundDoneNotice, walletConversionStatements } from "../app/features/wallet/index.server";

/**
 * The composition root: the one place that wires features together where a lower feature must reach into higher
 * ones (docs/architecture.md, "Features as modules"). Payments fulfils what booking, live and the top-up sell (a
 * top-up earmarked for a session pack or a VIP pass bought by card pays for it: docs/decisions/040); the
 * outbox delivers what booking, live, payouts, the waitlist and the wallet write. Both read their tables from
 * here, so neither imports the features it serves and the features form a tree. A fan called to play next who
 * queued from chat is told there by the chat feature (which imports live), through live's call hooks. A sign-in's
 * country step converts the wallet in the same batch, through the statements set here (accounts do not import the
 * wallet). The Worker entry and the test set-up load this module first.
 */
setCountryStatements(walletConversionStatements);
setMessageTemplates({
  "booking-confirmed": {
    param: "orderId",
    // Its third parameter is the moment the terms are stated at (now), not the row's parameters.
    email: (env, orderId) => bookingConfirmedEmail(env, orderId),
    notification: bookingConfirmedNotice,
  },
  "late-refund": { param: "orderId", email: lateRefundEmail, notification: lateRefundNotice },
  "slot-cancelled": { param: "bookingId", email: slotCancelledMail, notification: slotCancelledNotice },
  "no-show-cancelled": { param: "bookingId", email: noShowCancelledMail, notification: noShowCancelledNotice },
  "streamer-removed": { param: "bookingId", email: streamerRemovedMail, notification: streamerRemovedNotice },
  "slot-started": { param: "bookingId", email: slotStartedMail, notification: slotStartedNotice },
  "streamer-no-show": { param: "slotId", email: streamerNoShowMail, notification: streamerNoShowNotice },
  "no-show-offered": { param: "bookingId", email: noShowOfferedMail, notification: noShowOfferedNotice },
  "no-show-refunded": { param: "bookingId", email: noShowRefundedMail },
  "no-show-claimed": { param: "bookingId", notification: noShowClaimedNotice },
  "booking-cancelled": { param: "bookingId", email: bookingCancelledMail },
  "fan-cancelled": { param: "bookingId", email: fanCancelledMail, notification: fanCancelledNotice },
  "booking-moved": { param: "bookingId", email: bookingMovedMail, notification: bookingMovedNotice },
  "fan-moved": { param: "bookingId", email: fanMovedMail, notification: fanMovedNotice },
  "move-offered": { param: "offerId", email: moveOfferedMail, notification: moveOfferedNotice },
  "move-withdrawn": { param: "bookingId", email: moveWithdrawnMail, notification: moveWithdrawnNotice },
  "review-prompt": { param: "bookingId", email: reviewPromptMail, notification: reviewPromptNotice },
  "review-posted": { param: "reviewId", email: reviewPostedMail, notification: reviewPostedNotice },
  "refund-done": { param: "refundId", email: refundDoneEmail, notification: refundDoneNotice },
  "vip-refunded": { param: "entryId", notification: vipRefundedNotice },
  "payout-completed": { param: "payoutId", notification: payoutCompletedNotice },
  "waitlist-offer": { param: "entryId", email: waitlistOfferEmail, notification: waitlistOfferNotice },
  "pack-by-card": { param: "orderId", notification: packByCardNotice },
  "pass-by-card": { param: "orderId", notification: passByCardNotice },
});

setFulfilmentSteps({
  slot_booking: slotBookingStep,
  vip_queue: vipQueueStep,
  wallet_topup: walletTopupStep([packCardEarmark, passCardEarmark]),
});

setCallHooks([tellCalledChatFan]);
