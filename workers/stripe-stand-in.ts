/**
 * The local Stripe stand-in (development, tests and the browser-test build only, STRIPE_STAND_IN "on"). Like
 * the OAuth stand-in, a production build folds the call away (`import.meta.env.MODE !== "production"` at the
 * call sites), dynamic import and all. Its webhooks are delivered to this Worker's own /api/stripe, in process,
 * through `fetch` (the Worker's fetch handler, passed in so that this module does not import it back).
 */
type WorkerFetch = (
  request: Request<unknown, IncomingRequestCfProperties>,
  env: Env,
  ctx: ExecutionContext,
) => Promise<Response>;

let stripeStandInModule: Promise<typeof import("../app/platform/stand-ins/stripe/mount.server")> | undefined;

export async function mountStripeStandIn(env: Env, ctx: ExecutionContext, origin: string, fetch: WorkerFetch) {
  // Imported once per isolate: a dynamic import() of a module already loaded still cost ~0.3 ms per request.
  stripeStandInModule ??= import("../app/platform/stand-ins/stripe/mount.server");
  const { configureStripeStandIn, workerStripeStandIn } = await stripeStandInModule;
  configureStripeStandIn(env, (body, signature) =>
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
  return workerStripeStandIn();
}
