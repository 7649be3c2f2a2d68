import { type StandInHandler, standIn } from "../app/platform/adapters.server";

/**
 * The local Stripe stand-in (development, tests and the browser-test build only, STRIPE_STAND_IN "on"), as the
 * development composition registered it (workers/dev-composition.ts). Like the OAuth stand-in, a production build
 * folds the call away (`import.meta.env.MODE !== "production"` at the call site) and registers none. Its webhooks
 * are delivered to this Worker's own /api/stripe, in process, through `fetch` (the Worker's fetch handler, passed in
 * so that this module does not import it back).
 */
type WorkerFetch = (
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  ctx: ExecutionContext,
) => Promise<Response>;

export function mountStripeStandIn(
  env: Env,
  ctx: ExecutionContext,
  origin: string,
  fetch: WorkerFetch,
): StandInHandler {
  const stripe = standIn("stripe");
  stripe.configure(env, (body, signature) =>
    fetch(
      new Request(`${origin}/api/stripe`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      }) as Request<unknown, IncomingRequestCfProperties>,
      env,
      ctx,
    ),
  );
  return stripe.handler();
}
