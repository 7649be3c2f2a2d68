import { normalizePurchaseBody, purchaseSchema } from "~/features/booking";
import { placeOrder } from "~/features/booking/index.server";
import { z } from "~/lib/zod";
import { clientIp, publicOrigin } from "~/platform/http.server";
import { jsonAction } from "./json-action.server";

/**
 * The purchase calls share one schema and one use case: the body is the purchase draft (docs/domain.md),
 * accepted under the API's field names, and `paymentMethod` is fixed by the call when the path says it
 * (POST /api/create/order is the wallet). A failure without a more precise message is 'Bad request'. A slot in high
 * demand needs `cf-turnstile-response` (docs/decisions/033): without a passing one, 403 with `reason: "turnstile"`.
 */
export const purchaseBodySchema = z.preprocess(
  (body) => (body && typeof body === "object" ? normalizePurchaseBody(body as Record<string, unknown>) : body),
  purchaseSchema,
);

export function purchaseAction(
  paymentMethod: "card" | "wallet" | "from-body",
  shape: (placed: Awaited<ReturnType<typeof placeOrder>>) => Record<string, unknown> = (placed) => ({ ...placed }),
) {
  return jsonAction({ schema: purchaseBodySchema, auth: true }, async ({ request, env, input, viewer }) => {
    const draft = paymentMethod === "from-body" ? input : { ...input, paymentMethod };
    const placed = await placeOrder(env, viewer, draft, publicOrigin(request, env), new Date(), clientIp(request, env));
    return shape(placed);
  });
}
