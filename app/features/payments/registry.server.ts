import { slotBookingStep } from "~/features/booking/fulfilment-step.server";
import { vipQueueStep } from "~/features/live/vip-step.server";
import { walletTopupStep } from "~/features/wallet/topup.server";
import type { OrderKind } from "../../../db/schema";
import type { FulfilmentStep } from "./steps";

/** The fulfilment step of each order kind (a kind without a step cannot be sold by card). */
export const FULFILMENT_STEPS: Partial<Record<OrderKind, FulfilmentStep>> = {
  slot_booking: slotBookingStep,
  vip_queue: vipQueueStep,
  wallet_topup: walletTopupStep,
};
