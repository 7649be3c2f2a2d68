import { slotBookingStep } from "~/features/booking/fulfilment-step.server";
import { walletTopupStep } from "~/features/wallet/topup.server";
import type { OrderKind } from "../../../db/schema";
import type { FulfilmentStep } from "./steps";

/**
 * The fulfilment step of each order kind. A kind without a step cannot be sold by card yet: the VIP queue
 * place (vip_queue) plugs in here with its own step.
 */
export const FULFILMENT_STEPS: Partial<Record<OrderKind, FulfilmentStep>> = {
  slot_booking: slotBookingStep,
  wallet_topup: walletTopupStep,
};
