import { confirmCheckout } from "~/features/payments/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "../_lib/json-action.server";

const schema = z.object({
  sessionId: z.string({ error: "sessionId is required" }).trim().min(1, "sessionId is required"),
});

/** POST /api/live-payment-success {sessionId}: the VIP checkout's success door into the one fulfilment. Idempotent. */
export const action = jsonAction({ auth: true, schema }, async ({ env, input, viewer }) => {
  const { outcome, order } = await confirmCheckout(env, viewer, input.sessionId);
  return { outcome, orderId: order.id, status: order.status, liveSessionId: order.liveSessionId };
});
