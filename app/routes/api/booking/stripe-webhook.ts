import { handleStripeWebhook } from "~/features/payments/index.server";
import { isAppError } from "~/lib/errors";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/stripe-webhook";

/**
 * POST /api/stripe: Stripe's webhook. Not a same-origin call and not JSON-parsed before verification: the
 * signature covers the raw body. A bad or stale signature is a 400 with nothing changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  try {
    const result = await handleStripeWebhook(
      envOf(context),
      await request.text(),
      request.headers.get("Stripe-Signature"),
    );
    return Response.json(result);
  } catch (thrown) {
    if (isAppError(thrown)) return jsonError(thrown.status, thrown.message);
    throw thrown;
  }
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
