import { createRequestHandler, RouterContextProvider } from "react-router";
import { refreshUsdInrRate } from "../app/features/currency/rates.server";
import { sweepExpiredHolds } from "../app/features/payments/fulfilment.server";
import { cloudflareContext } from "../app/platform/context";
import { optimizeDatabase } from "../app/platform/db.server";
import {
  providerFormActionOrigins,
  STAND_IN_BASE_PATH,
  standInEnabled,
  workerStandIn,
} from "../app/platform/oauth/providers.server";
import { newNonce, withSecurityHeaders } from "../app/platform/security-headers";
import { STRIPE_STAND_IN_BASE_PATH, stripeStandInEnabled } from "../app/platform/stripe/payments.server";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

/** Stripe's hosted checkout is on its own origin: the booking form's redirect there needs form-action. */
const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The local Stripe stand-in (development and browser tests only, STRIPE_STAND_IN "on"): loaded on demand so
 * it is not on the production path. Its webhooks are delivered to this Worker's own /api/stripe, in process.
 */
async function mountStripeStandIn(env: Env, ctx: ExecutionContext, origin: string) {
  const { configureStripeStandIn, workerStripeStandIn } = await import("../app/platform/stripe/stand-in-mount.server");
  configureStripeStandIn(env, (body, signature) =>
    worker.fetch(
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

const worker = {
  async fetch(request, env, ctx) {
    const nonce = newNonce();
    const url = new URL(request.url);
    if (stripeStandInEnabled(env)) {
      const standIn = await mountStripeStandIn(env, ctx, url.origin);
      if (url.pathname.startsWith(`${STRIPE_STAND_IN_BASE_PATH}/`)) {
        return withSecurityHeaders(await standIn(request), nonce, import.meta.env.DEV);
      }
    }
    // The local Discord/Google stand-in (development and browser tests only; 404 in production).
    if (url.pathname.startsWith(`${STAND_IN_BASE_PATH}/`) && standInEnabled(env)) {
      return withSecurityHeaders(await workerStandIn(env)(request), nonce, import.meta.env.DEV);
    }
    const context = new RouterContextProvider(new Map([[cloudflareContext, { env, ctx, cf: request.cf, nonce }]]));
    const response = await requestHandler(request, context);
    const formActions = [...providerFormActionOrigins(env, env.PUBLIC_ORIGIN ?? url.origin), STRIPE_CHECKOUT_ORIGIN];
    return withSecurityHeaders(response, nonce, import.meta.env.DEV, formActions);
  },

  /**
   * Cron (wrangler.jsonc triggers): refreshes the USD->INR rate once its next-update time has passed, and
   * keeps the query planner's statistics current.
   */
  async scheduled(controller, env, ctx) {
    if (stripeStandInEnabled(env)) await mountStripeStandIn(env, ctx, env.PUBLIC_ORIGIN ?? "http://localhost");
    // Every minute: holds whose time is up are marked expired and their Checkout sessions expired.
    ctx.waitUntil(
      sweepExpiredHolds(env, new Date(controller.scheduledTime)).catch((error: unknown) =>
        console.error("hold sweeper", error),
      ),
    );
    if (controller.cron !== "*/30 * * * *") return;
    ctx.waitUntil(
      refreshUsdInrRate(env, { now: new Date(controller.scheduledTime) }).then((outcome) => {
        if (outcome.status !== "fresh") console.log("exchange rate", outcome.status);
      }),
    );
    ctx.waitUntil(optimizeDatabase(env).catch((error: unknown) => console.error("PRAGMA optimize", error)));
  },
} satisfies ExportedHandler<Env>;

export default worker;
