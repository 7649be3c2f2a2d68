/**
 * A local stand-in for Stripe, used by development and tests (never production: docs/decisions/011-seat-holds-fulfilment-and-stripe-stand-in.md).
 *
 * It speaks enough of Stripe's HTTP API for the official `stripe` SDK to run unchanged against it (form-encoded
 * bodies, bearer secret key, Stripe's JSON objects and error shape):
 *
 *   POST {base}/v1/checkout/sessions              create a Checkout session (mode payment, price_data lines)
 *   GET  {base}/v1/checkout/sessions/:id          retrieve it
 *   POST {base}/v1/checkout/sessions/:id/expire   expire an open session (emits checkout.session.expired)
 *   POST {base}/v1/refunds                        refund a completed session's payment intent; an
 *                                                 Idempotency-Key seen before answers the first refund again
 *   GET  {base}/pay/:id                           the hosted checkout page: Pay, Decline, Cancel
 *   POST {base}/pay/:id                           the buyer's choice; Pay completes the session, emits
 *                                                 checkout.session.completed and redirects to success_url
 *
 * Webhooks are signed with the endpoint secret exactly as Stripe signs them (`Stripe-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`). When the stand-in is given `deliver` (mounted in the
 * Worker) it posts every event to the app; tests also pull them, replay them, duplicate and shuffle them:
 *
 *   GET  {base}/__control/sessions                 every session (tests count them)
 *   POST {base}/__control/sessions/:id/complete    completes a session as the Pay button does (no redirect)
 *   GET  {base}/__control/events?session=&copies=&shuffle=1
 *                                                  signed deliveries of the session's events, each `copies`
 *                                                  times, shuffled on request, freshly signed
 *   POST {base}/__control/sign {payload, timestamp} a signature header for any payload (stale ones too)
 *   GET  {base}/__control/refunds?payment_intent=  every refund made (tests count them)
 *   POST {base}/__control/refunds/fail-next {count} the next `count` refund calls answer 500 (Stripe's api_error)
 *
 * It is one plain `(request) => Promise<Response>` handler without dependencies, so the same code is mounted
 * in the Worker (workers/stripe-stand-in.ts, when STRIPE_STAND_IN is on) and in Node for the workerd tests (vitest.config.ts
 * routes the Worker's outbound fetches to it). State is in memory, per instance.
 */

export type StripeStandInOptions = {
  /** Path prefix the handler is mounted at, e.g. "/__stand-in/stripe" or "" (no trailing slash). */
  basePath: string;
  /** The webhook endpoint secret (whsec_...) the app verifies with. */
  webhookSecret: string;
  /** Posts a signed event to the app's webhook endpoint; without it, events wait for tests to pull them. */
  deliver?: (body: string, signature: string) => Promise<unknown>;
  now?: () => number;
};

export type SignedDelivery = { eventId: string; type: string; payload: string; signature: string };

type Session = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  expires_at: number;
  created: number;
  livemode: false;
  line_items_name: string;
  declined: number;
};

type StandInEvent = { id: string; type: string; created: number; sessionId: string; object: unknown };

function randomToken(length = 24): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
}

/** Stripe's bracket notation (`a[b][0][c]=1`) into nested objects and arrays. */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Stripe's webhook signature: `t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
async function signStripePayload(secret: string, payload: string, timestampSeconds: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestampSeconds}.${payload}`));
  return `t=${timestampSeconds},v1=${hex(mac)}`;
}

function stripeError(status: number, message: string, code?: string): Response {
  return Response.json({ error: { type: "invalid_request_error", message, code } }, { status });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function createStripeStandIn(options: StripeStandInOptions) {
  const sessions = new Map<string, Session>();
  const events: StandInEvent[] = [];
  type StandInRefund = { id: string; amount: number; currency: string; payment_intent: string; created: number };
  const refunds = new Map<string, StandInRefund>();
  /** Idempotency-Key -> the refund its first request made (Stripe answers a repeated key with the first result). */
  const refundsByKey = new Map<string, StandInRefund>();
  let failNextRefunds = 0;
  const now = () => options.now?.() ?? Date.now();
  const seconds = () => Math.floor(now() / 1000);

  function publicSession(session: Session) {
    const { line_items_name: _name, declined: _declined, ...rest } = session;
    return rest;
  }

  async function signed(event: StandInEvent, timestamp = seconds()): Promise<SignedDelivery> {
    const payload = JSON.stringify(
      {
        id: event.id,
        object: "event",
        api_version: "2025-01-27.acacia",
        created: event.created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: { object: event.object },
      },
      null,
      2,
    );
    return {
      eventId: event.id,
      type: event.type,
      payload,
      signature: await signStripePayload(options.webhookSecret, payload, timestamp),
    };
  }

  async function emit(type: string, session: Session) {
    const event: StandInEvent = {
      id: `evt_${randomToken()}`,
      type,
      created: seconds(),
      sessionId: session.id,
      object: structuredClone(publicSession(session)),
    };
    events.push(event);
    if (options.deliver) {
      const delivery = await signed(event);
      await options.deliver(delivery.payload, delivery.signature);
    }
    return event;
  }

  async function complete(session: Session) {
    if (session.status !== "open") return false;
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = `pi_${randomToken()}`;
    await emit("checkout.session.completed", session);
    return true;
  }

  async function expire(session: Session) {
    if (session.status !== "open") return false;
    session.status = "expired";
    session.url = null;
    await emit("checkout.session.expired", session);
    return true;
  }

  async function api(request: Request, path: string): Promise<Response> {
    const auth = request.headers.get("Authorization") ?? "";
    if (!/^Bearer sk_(test|live)_/.test(auth)) return stripeError(401, "Invalid API Key provided");
    const body = request.method === "POST" ? parseStripeForm(await request.text()) : {};
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const line = ((body.line_items as Record<string, unknown> | undefined)?.["0"] ?? {}) as Record<string, unknown>;
      const priceData = (line.price_data ?? {}) as Record<string, unknown>;
      const unitAmount = Number(priceData.unit_amount);
      const quantity = Number(line.quantity ?? 1);
      const currency = String(priceData.currency ?? "");
      if (!Number.isInteger(unitAmount) || unitAmount < 1 || !currency) {
        return stripeError(400, "line_items[0][price_data] needs unit_amount and currency", "parameter_missing");
      }
      if (typeof body.success_url !== "string" || typeof body.cancel_url !== "string") {
        return stripeError(400, "Missing required param: success_url / cancel_url.", "parameter_missing");
      }
      const id = `cs_test_${randomToken(40)}`;
      const origin = new URL(request.url).origin;
      const created = seconds();
      const session: Session = {
        id,
        object: "checkout.session",
        mode: String(body.mode ?? "payment"),
        status: "open",
        payment_status: "unpaid",
        amount_total: unitAmount * quantity,
        currency: currency.toLowerCase(),
        client_reference_id: typeof body.client_reference_id === "string" ? body.client_reference_id : null,
        customer_email: typeof body.customer_email === "string" ? body.customer_email : null,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${origin}${options.basePath}/pay/${id}`,
        payment_intent: null,
        expires_at: Number(body.expires_at ?? created + 24 * 3600),
        created,
        livemode: false,
        line_items_name: String((priceData.product_data as Record<string, unknown> | undefined)?.name ?? "Order"),
        declined: 0,
      };
      sessions.set(id, session);
      return Response.json(publicSession(session));
    }
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1] ?? ""));
      if (!session) return stripeError(404, "No such checkout.session", "resource_missing");
      if (!sessionMatch[2] && request.method === "GET") return Response.json(publicSession(session));
      if (sessionMatch[2] && request.method === "POST") {
        if (session.status !== "open") {
          return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        await expire(session);
        return Response.json(publicSession(session));
      }
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      if (failNextRefunds > 0) {
        failNextRefunds--;
        return Response.json(
          { error: { type: "api_error", message: "The stand-in was told to fail this refund." } },
          { status: 500 },
        );
      }
      const key = request.headers.get("Idempotency-Key");
      const seen = key ? refundsByKey.get(key) : undefined;
      if (seen) return Response.json(refundObject(seen), { headers: { "Idempotent-Replayed": "true" } });
      const intent = String(body.payment_intent ?? "");
      const session = [...sessions.values()].find((s) => s.payment_intent === intent && intent !== "");
      if (!session) return stripeError(404, "No such payment_intent", "resource_missing");
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? session.amount_total - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || refunded + amount > session.amount_total) {
        return stripeError(400, "Refund amount is greater than the unrefunded amount", "amount_too_large");
      }
      const refund = {
        id: `re_${randomToken()}`,
        amount,
        currency: session.currency,
        payment_intent: intent,
        created: seconds(),
      };
      refunds.set(refund.id, refund);
      if (key) refundsByKey.set(key, refund);
      return Response.json(refundObject(refund));
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${path}).`);
  }

  function refundObject(refund: StandInRefund) {
    return { object: "refund", status: "succeeded", ...refund };
  }

  function page(session: Session, message = ""): Response {
    const amount = (session.amount_total / 100).toFixed(2);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem">
<p style="color:#635bff;font-weight:600">Stripe stand-in (test mode)</p>
<h1>${escapeHtml(session.line_items_name)}</h1>
<p>Pay <strong data-testid="checkout-amount">${session.currency.toUpperCase()} ${amount}</strong></p>
${message ? `<p role="alert" style="color:#b91c1c">${escapeHtml(message)}</p>` : ""}
${
  session.status === "open"
    ? `<form method="post" style="display:flex;gap:.5rem">
<button name="action" value="pay">Pay</button>
<button name="action" value="decline">Decline</button>
<button name="action" value="cancel">Cancel</button></form>`
    : `<p>This checkout session is ${session.status}.</p>`
}
</body></html>`;
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }

  async function hosted(request: Request, id: string): Promise<Response> {
    const session = sessions.get(id);
    if (!session) return new Response("No such checkout session", { status: 404 });
    if (request.method === "GET") return page(session);
    const form = await request.formData();
    const action = form.get("action");
    if (session.status !== "open") return page(session, "This checkout session is no longer open.");
    if (action === "pay") {
      await complete(session);
      return Response.redirect(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id), 303);
    }
    if (action === "decline") {
      session.declined++;
      return page(session, "Your card was declined.");
    }
    if (action === "cancel") return Response.redirect(session.cancel_url, 303);
    return page(session, "Choose Pay, Decline or Cancel.");
  }

  async function control(request: Request, path: string): Promise<Response> {
    const url = new URL(request.url);
    if (path === "/__control/sessions" && request.method === "GET") {
      return Response.json({ sessions: [...sessions.values()].map(publicSession) });
    }
    const completeMatch = path.match(/^\/__control\/sessions\/([^/]+)\/complete$/);
    if (completeMatch && request.method === "POST") {
      const session = sessions.get(decodeURIComponent(completeMatch[1] ?? ""));
      if (!session) return stripeError(404, "No such checkout.session");
      return Response.json({ completed: await complete(session), session: publicSession(session) });
    }
    if (path === "/__control/events" && request.method === "GET") {
      const sessionId = url.searchParams.get("session");
      const copies = Math.max(1, Number(url.searchParams.get("copies") ?? 1));
      const picked = events.filter((event) => !sessionId || event.sessionId === sessionId);
      const deliveries: SignedDelivery[] = [];
      for (const event of picked) for (let i = 0; i < copies; i++) deliveries.push(await signed(event));
      return Response.json({ deliveries: url.searchParams.get("shuffle") ? shuffle(deliveries) : deliveries });
    }
    if (path === "/__control/refunds" && request.method === "GET") {
      const intent = url.searchParams.get("payment_intent");
      const picked = [...refunds.values()].filter((refund) => !intent || refund.payment_intent === intent);
      return Response.json({ refunds: picked.map(refundObject) });
    }
    if (path === "/__control/refunds/fail-next" && request.method === "POST") {
      const input = (await request.json()) as { count?: number };
      failNextRefunds = Math.max(0, Math.floor(Number(input.count ?? 1)));
      return Response.json({ failNext: failNextRefunds });
    }
    if (path === "/__control/sign" && request.method === "POST") {
      const input = (await request.json()) as { payload: string; timestamp?: number; secret?: string };
      const signature = await signStripePayload(
        input.secret ?? options.webhookSecret,
        input.payload,
        input.timestamp ?? seconds(),
      );
      return Response.json({ signature });
    }
    return new Response("Not found", { status: 404 });
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(options.basePath)) return new Response("Not found", { status: 404 });
    const path = url.pathname.slice(options.basePath.length) || "/";
    if (path.startsWith("/v1/")) return api(request, path);
    const payMatch = path.match(/^\/pay\/([^/]+)$/);
    if (payMatch) return hosted(request, decodeURIComponent(payMatch[1] ?? ""));
    if (path.startsWith("/__control/")) return control(request, path);
    return new Response("Not found", { status: 404 });
  };
}
