import type Stripe from "stripe";
import { standIn } from "../adapters.server";
import { appOrigin, isProduction } from "../env.server";

type StripeClass = typeof Stripe;
let stripeModule: Promise<StripeClass> | null = null;
/**
 * The SDK (~580 KB of the server bundle) is loaded with the first payment call, not when the Worker starts: most
 * requests never pay, and the Worker's start-up evaluates only what its entry imports statically.
 */
const loadStripe = () => {
  stripeModule ??= import("stripe").then((module) => module.default);
  return stripeModule;
};

/**
 * The payment provider adapter: Stripe through the official SDK. Features see only `Payments` (plain
 * objects in, plain objects out); which Stripe answers is a setting (docs/decisions/011-seat-holds-fulfilment-and-stripe-stand-in.md):
 * - production: the real API with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET from secrets;
 * - STRIPE_API_URL set (workerd tests): the SDK's host/port/protocol point at a stand-in on that origin;
 * - STRIPE_STAND_IN "on" and no STRIPE_API_URL (npm run dev, browser tests): the SDK's fetch goes straight
 *   to the stand-in mounted in this Worker (registered by the development composition: app/platform/adapters.server.ts).
 */
export type CheckoutSessionSnapshot = {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired" | null;
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  paymentIntentId: string | null;
  orderId: string | null;
  /** What the session charges, in minor units, and its currency (upper case). */
  amountTotal: number | null;
  currency: string | null;
};

type NewCheckoutSession = {
  orderId: string;
  name: string;
  amountMinor: number;
  currency: string;
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
};

type WebhookEvent =
  | { id: string; type: "checkout.session.completed" | "checkout.session.expired"; session: CheckoutSessionSnapshot }
  | { id: string; type: "other"; stripeType: string };

/** A refund of (part of) a card payment, back to the card it came from. */
type NewCardRefund = {
  paymentIntentId: string;
  amountMinor: number;
  /** Sent as Stripe's Idempotency-Key: the same key never refunds twice (the app passes its refund row's id). */
  idempotencyKey: string;
};

export interface Payments {
  createCheckoutSession(input: NewCheckoutSession): Promise<CheckoutSessionSnapshot>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null>;
  /** Expires an open session; false when it is no longer open (already paid or expired). */
  expireCheckoutSession(id: string): Promise<boolean>;
  /** Refunds to the card; the same idempotency key answers the refund its first call made. */
  refundPayment(input: NewCardRefund): Promise<{ id: string; status: string | null }>;
  /** Verifies the signature (throws WebhookSignatureError) and returns the event. */
  verifyWebhook(rawBody: string, signature: string | null): Promise<WebhookEvent>;
}

export class WebhookSignatureError extends Error {}

export const STRIPE_STAND_IN_BASE_PATH = "/__stand-in/stripe";
/** Stripe refuses Checkout sessions that expire sooner than 30 minutes; holds end earlier (features). */
const STRIPE_MIN_SESSION_SECONDS = 31 * 60;
/** How long a Checkout session this app opens can be paid: after that, no payment of it can come. */
export const CHECKOUT_SESSION_LIFETIME_MS = STRIPE_MIN_SESSION_SECONDS * 1000;
const DEV_SECRET_KEY = "sk_test_stand_in";
const DEV_WEBHOOK_SECRET = "whsec_stand_in";

export function stripeStandInEnabled(env: Env): boolean {
  return (env.STRIPE_STAND_IN as string | undefined) === "on" && !isProduction(env);
}

export function stripeSecrets(env: Env): { secretKey: string; webhookSecret: string } {
  const secretKey = env.STRIPE_SECRET_KEY as string | undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET as string | undefined;
  if (isProduction(env) && (!secretKey || !webhookSecret)) {
    throw new Error("STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET are not set: run `wrangler secret put`");
  }
  return { secretKey: secretKey || DEV_SECRET_KEY, webhookSecret: webhookSecret || DEV_WEBHOOK_SECRET };
}

/** The in-Worker stand-in's fetch: the SDK's request is answered by the mounted stand-in, in process. */
function inProcessFetch(origin: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const target = `${origin}${STRIPE_STAND_IN_BASE_PATH}${url.pathname}${url.search}`;
    return standIn("stripe").handler()(new Request(target, init as RequestInit));
  };
}

function sdk(Stripe: StripeClass, env: Env, origin: string): Stripe {
  const { secretKey } = stripeSecrets(env);
  const apiUrl = (env.STRIPE_API_URL as string | undefined) || undefined;
  const base = { maxNetworkRetries: 0, timeout: 80_000, telemetry: false } as const;
  if (apiUrl && !isProduction(env)) {
    const url = new URL(apiUrl);
    return new Stripe(secretKey, {
      ...base,
      httpClient: Stripe.createFetchHttpClient(),
      host: url.hostname,
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      protocol: url.protocol === "https:" ? "https" : "http",
    });
  }
  // A production build folds this branch away, as in workers/fetch.ts (and registers no stand-in).
  if (import.meta.env.MODE !== "production" && stripeStandInEnabled(env)) {
    return new Stripe(secretKey, { ...base, httpClient: Stripe.createFetchHttpClient(inProcessFetch(origin)) });
  }
  return new Stripe(secretKey, { ...base, maxNetworkRetries: 2, httpClient: Stripe.createFetchHttpClient() });
}

function snapshot(session: Stripe.Checkout.Session): CheckoutSessionSnapshot {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: (session.status ?? null) as CheckoutSessionSnapshot["status"],
    paymentStatus: session.payment_status as CheckoutSessionSnapshot["paymentStatus"],
    paymentIntentId: typeof intent === "string" ? intent : (intent?.id ?? null),
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
  };
}

export function payments(env: Env, origin = appOrigin(env)): Payments {
  stripeSecrets(env); // a production Worker without its secrets refuses at once, before any SDK is loaded
  let client: Promise<{ Stripe: StripeClass; stripe: Stripe; cryptoProvider: Stripe.CryptoProvider }> | null = null;
  const ready = () => {
    client ??= loadStripe().then((Stripe) => ({
      Stripe,
      stripe: sdk(Stripe, env, origin),
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    }));
    return client;
  };
  return {
    async createCheckoutSession(input) {
      const { stripe } = await ready();
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: input.name },
              },
            },
          ],
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId },
          customer_email: input.customerEmail ?? undefined,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + STRIPE_MIN_SESSION_SECONDS,
        },
        { idempotencyKey: `checkout-${input.orderId}` },
      );
      return snapshot(session);
    },
    async retrieveCheckoutSession(id) {
      const { Stripe, stripe } = await ready();
      try {
        return snapshot(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async expireCheckoutSession(id) {
      const { Stripe, stripe } = await ready();
      try {
        await stripe.checkout.sessions.expire(id);
        return true;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw error;
      }
    },
    async refundPayment(input) {
      const { stripe } = await ready();
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountMinor },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? null };
    },
    async verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError("No Stripe-Signature header");
      const { stripe, cryptoProvider } = await ready();
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          stripeSecrets(env).webhookSecret,
          undefined,
          cryptoProvider,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      if (event.type === "checkout.session.completed" || event.type === "checkout.session.expired") {
        return { id: event.id, type: event.type, session: snapshot(event.data.object) };
      }
      return { id: event.id, type: "other", stripeType: event.type };
    },
  };
}
