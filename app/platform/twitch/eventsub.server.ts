import { isProduction } from "../env.server";

/**
 * Twitch EventSub over webhooks: the signature of a delivery (HMAC-SHA256 of message id + timestamp + raw body under
 * the subscription's secret, sent as `Twitch-Eventsub-Message-Signature: sha256=<hex>`) and its age (deliveries older
 * than ten minutes are refused, as Twitch advises against replays). https://dev.twitch.tv/docs/eventsub/handling-webhook-events/
 */
export const EVENTSUB_HEADERS = {
  id: "Twitch-Eventsub-Message-Id",
  timestamp: "Twitch-Eventsub-Message-Timestamp",
  signature: "Twitch-Eventsub-Message-Signature",
  type: "Twitch-Eventsub-Message-Type",
} as const;

export const EVENTSUB_MAX_AGE_MS = 10 * 60_000;

/** The development secret of the local EventSub deliveries (the stand-in signs with it); production sets its own. */
export const DEV_EVENTSUB_SECRET = "stand-in-eventsub-secret";

export function eventSubSecret(env: Env): string {
  const secret = env.TWITCH_EVENTSUB_SECRET;
  if (secret) return secret;
  if (isProduction(env))
    throw new Error("TWITCH_EVENTSUB_SECRET is not set: `wrangler secret put TWITCH_EVENTSUB_SECRET`");
  return DEV_EVENTSUB_SECRET;
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The signature header's value for a delivery (the stand-in signs with it; the check compares against it). */
export async function eventSubSignature(secret: string, id: string, timestamp: string, body: string) {
  return `sha256=${await hmacHex(secret, id + timestamp + body)}`;
}

export type EventSubCheck = { ok: true; id: string; type: string } | { ok: false; reason: "signature" | "stale" };

/** Whether a delivery is Twitch's, signed with `secret`, and fresh at `now`. Constant-time comparison. */
export async function checkEventSub(
  headers: Headers,
  body: string,
  secret: string,
  now: number,
): Promise<EventSubCheck> {
  const id = headers.get(EVENTSUB_HEADERS.id);
  const timestamp = headers.get(EVENTSUB_HEADERS.timestamp);
  const signature = headers.get(EVENTSUB_HEADERS.signature);
  const type = headers.get(EVENTSUB_HEADERS.type);
  if (!id || !timestamp || !signature || !type) return { ok: false, reason: "signature" };
  const expected = await eventSubSignature(secret, id, timestamp, body);
  if (!constantTimeEqual(expected, signature)) return { ok: false, reason: "signature" };
  const sentAt = Date.parse(timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > EVENTSUB_MAX_AGE_MS) return { ok: false, reason: "stale" };
  return { ok: true, id, type };
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.length !== right.length) return false;
  let diff = 0;
  for (let i = 0; i < left.length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}
