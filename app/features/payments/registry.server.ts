import { slotBookingStep } from "~/features/booking/fulfilment-step.server";
import { vipQueueStep } from "~/features/live/vip-step.server";
import { walletTopupStep } from "~/features/wallet/topup-step.server";
import type { OrderKind } from "~db/schema";
import type { FulfilmentStep } from "./steps";

/**
 * The composition root of payments: the fulfilment step of each order kind, registered here and only here (a kind
 * without a step cannot be sold by card). Each step lives with its feature in a module that imports nothing of
 * payments but its types (steps.ts), so this registry, fulfilment and checkout never import back into themselves:
 * tests/architecture/import-graph.test.ts fails on any cycle.
 */
export const FULFILMENT_STEPS: Partial<Record<OrderKind, FulfilmentStep>> = {
  slot_booking: slotBookingStep,
  vip_queue: vipQueueStep,
  wallet_topup: walletTopupStep,
};
