import { STRIPE_STAND_IN_BASE_PATH, stripeSecrets } from "../../stripe/payments.server";
import { createStripeStandIn } from "./stand-in";

/**
 * The Stripe stand-in as mounted in the Worker (development and browser tests, STRIPE_STAND_IN "on"): one
 * instance per isolate so its sessions live from one request to the next. It delivers webhooks to the app's
 * own fetch handler, in process, signed with the configured endpoint secret. Registered by the development
 * composition (workers/dev-composition.ts); workers/stripe-stand-in.ts and payments.server.ts reach it through
 * app/platform/adapters.server.ts.
 */
type Deliver = (body: string, signature: string) => Promise<unknown>;

let instance: ((request: Request) => Promise<Response>) | null = null;
let deliverTo: Deliver | null = null;

export function configureStripeStandIn(env: Env, deliver: Deliver) {
  deliverTo = deliver;
  if (!instance) {
    instance = createStripeStandIn({
      basePath: STRIPE_STAND_IN_BASE_PATH,
      webhookSecret: stripeSecrets(env).webhookSecret,
      deliver: (body, signature) => (deliverTo ? deliverTo(body, signature) : Promise.resolve()),
    });
  }
}

export function workerStripeStandIn(): (request: Request) => Promise<Response> {
  if (!instance) throw new Error("the Stripe stand-in is not configured (STRIPE_STAND_IN must be on)");
  return instance;
}
