import { env } from "cloudflare:workers";
import { createSession } from "~/features/auth/session.server";
import type { SignedDelivery } from "~/platform/stand-ins/stripe/stand-in";
import { createGame, createGig, createPlatform, createSlot, createStreamer, createUser } from "../factories";
import { request } from "./app";

/**
 * A small world for booking tests: a star with a gig at a unique price (so the shared Stripe stand-in's
 * sessions of this test can be told apart), a slot, and fans with session cookies. Plus the stand-in's
 * control calls (count sessions, pay, pull signed webhook deliveries) and the webhook door.
 */
let priceCounter = 0;

export async function bookingWorld(options: { seats?: number; startsInMs?: number; priceMinor?: number } = {}) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  priceCounter++;
  const priceMinor = options.priceMinor ?? 1000 + Math.floor(Math.random() * 3_900) * 10 + (priceCounter % 10);
  const gig = await createGig(env.DB, streamer.id, game, { priceMinor });
  const startsAt = new Date(Date.now() + (options.startsInMs ?? 3 * 86_400_000));
  const slot = await createSlot(env.DB, streamer.id, gig.id, startsAt, { seats: options.seats ?? 2 });
  return { streamer, gig, slot, priceMinor, startsAt };
}

export async function fan(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.DB, overrides);
  const setCookie = await createSession(env, user.id);
  return { user, cookie: setCookie.split(";")[0] ?? "" };
}

export function api(path: string, cookie: string, body?: unknown, init: RequestInit = {}) {
  return request(path, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
    headers: { "Content-Type": "application/json", Cookie: cookie, ...(init.headers as Record<string, string>) },
  });
}

export function purchase(slotId: string, tags: string[], extra: Record<string, unknown> = {}) {
  return { timeSlot: { id: slotId }, numberOfPlayers: tags.length, multipleGamerTags: tags, ...extra };
}

const stripe = (path: string, init?: RequestInit) => fetch(`${env.STRIPE_STAND_IN_ORIGIN}${path}`, init);

export type StandInSession = {
  id: string;
  status: string;
  payment_status: string;
  amount_total: number;
  metadata: { orderId?: string };
  url: string | null;
  payment_intent: string | null;
};

export type StandInRefund = { id: string; amount: number; currency: string; payment_intent: string };

/** The refunds the Stripe stand-in made (of one payment intent), as tests count them. */
export async function standInRefunds(paymentIntent: string): Promise<StandInRefund[]> {
  const query = new URLSearchParams({ payment_intent: paymentIntent });
  return ((await (await stripe(`/__control/refunds?${query}`)).json()) as { refunds: StandInRefund[] }).refunds;
}

/** The stand-in's next `count` refund calls fail with a 500 (Stripe's api_error). */
export async function failNextStripeRefunds(count: number) {
  await stripe("/__control/refunds/fail-next", { method: "POST", body: JSON.stringify({ count }) });
}

export async function standInSessions(amountTotal?: number): Promise<StandInSession[]> {
  const { sessions } = (await (await stripe("/__control/sessions")).json()) as { sessions: StandInSession[] };
  return amountTotal === undefined ? sessions : sessions.filter((s) => s.amount_total === amountTotal);
}

/** Pays a session as the hosted page's Pay button does (without following the redirect). */
export async function paySession(sessionId: string) {
  const response = await stripe(`/pay/${sessionId}`, {
    method: "POST",
    body: new URLSearchParams({ action: "pay" }),
    redirect: "manual",
  });
  return response;
}

export async function deliveries(sessionId: string, copies = 1, shuffle = false): Promise<SignedDelivery[]> {
  const query = new URLSearchParams({
    session: sessionId,
    copies: String(copies),
    ...(shuffle ? { shuffle: "1" } : {}),
  });
  return ((await (await stripe(`/__control/events?${query}`)).json()) as { deliveries: SignedDelivery[] }).deliveries;
}

export async function sign(payload: string, options: { timestamp?: number; secret?: string } = {}) {
  const response = await stripe("/__control/sign", { method: "POST", body: JSON.stringify({ payload, ...options }) });
  return ((await response.json()) as { signature: string }).signature;
}

/** Stripe's POST to the webhook endpoint: no Origin, the raw body and its signature. */
export function postWebhook(payload: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature) headers.set("Stripe-Signature", signature);
  return request("/api/stripe", { method: "POST", body: payload, headers });
}

export type PlacedCardOrder = { success: boolean; orderId: string; sessionId: string };

/**
 * A fan's one-seat card order on a new booking world, paid at the stand-in's hosted page (its webhook not delivered
 * yet). `beforePaying` runs between placing and paying (a test that makes the session charge another amount).
 */
export async function paidCardOrder(beforePaying?: (placed: PlacedCardOrder) => Promise<void>) {
  const world = await bookingWorld({ seats: 2 });
  const buyer = await fan();
  const placed = (await (
    await api("/api/book-slot/create-order", buyer.cookie, purchase(world.slot.id, ["Ace"]))
  ).json()) as PlacedCardOrder;
  if (!placed.success) throw new Error("the card order was not placed");
  await beforePaying?.(placed);
  await paySession(placed.sessionId);
  const session = (await standInSessions()).find((s) => s.id === placed.sessionId);
  if (!session?.payment_intent) throw new Error("the session was not paid");
  return { world, buyer, placed, session, paymentIntent: session.payment_intent };
}
