/** The payments feature's server side: what other features, routes and the Worker may use of it. */
export { openCardCheckout } from "./checkout.server";
export { cancelCheckout, confirmCheckout, ownOrderStatus } from "./doors.server";
export { endOpenCheckouts, endReleasedCheckouts, sweepExpiredHolds, sweepStaleCheckouts } from "./fulfilment.server";
export { setFulfilmentSteps } from "./registry.server";
export { startEarmarkedTopup, startTopup } from "./topup.server";
export { walletTopupStep } from "./topup-step.server";
export { handleStripeWebhook } from "./webhook.server";
