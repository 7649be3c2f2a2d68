import { buildPushPayload } from "@block65/webcrypto-web-push";
import { standIn } from "../adapters.server";
import { isProduction } from "../env.server";
import { log } from "../log.server";

/** A browser's push subscription, as PushManager.subscribe() gave it. */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What a push shows (the service worker, public/sw.js, turns it into a notification). */
export type PushAlert = { title: string; body: string; url: string; tag: string };

/**
 * What became of one push: the push service took it (`delivered`), the subscription no longer exists (`gone`: the
 * service answered 404 or 410, so it must be deleted), or anything else (`failed`).
 */
export type PushResult = "delivered" | "gone" | "failed";

export interface PushSender {
  send(target: PushTarget, alert: PushAlert): Promise<PushResult>;
}

/**
 * The push services browsers subscribe through, by host: Google's FCM (Chrome, Edge on Android, Opera), Mozilla's
 * autopush (Firefox), Apple's web push (Safari, iOS 16.4+ Home Screen apps) and Microsoft's WNS (Edge on Windows,
 * a host per region under notify.windows.com).
 */
const PUSH_SERVICE_HOSTS: readonly string[] = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "web.push.apple.com",
];
const PUSH_SERVICE_DOMAINS: readonly string[] = ["notify.windows.com"];

/** The local push service stand-in's host (development and tests; workers/dev-composition.ts registers it). */
const STAND_IN_PUSH_HOST = "push.stand-in.test";

/**
 * Whether the app may send pushes to this endpoint: https on the default port, no credentials in the URL, on a known
 * push service's host (or the stand-in's, where the stand-in is the sender). Anything else would have the Worker
 * POST to an address a client chose (a private address, a metadata service, someone's server).
 */
export function isPushServiceEndpoint(env: Env, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") return false;
  const host = url.hostname.toLowerCase();
  if (PUSH_SERVICE_HOSTS.includes(host)) return true;
  if (PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(`.${domain}`))) return true;
  return host === STAND_IN_PUSH_HOST && env.PUSH_PROVIDER !== "webpush" && !isProduction(env);
}

/** How long a push service keeps an alert for a browser that is offline: an alert is about the next minutes. */
const PUSH_TTL_SECONDS = 15 * 60;

/**
 * Production adapter: the Web Push protocol, each message encrypted for its browser (RFC 8291, aes128gcm) and signed
 * with the server's VAPID key (RFC 8292), through @block65/webcrypto-web-push (Workers' WebCrypto; ADR 024).
 */
class WebPushSender implements PushSender {
  constructor(
    private vapid: { subject: string; publicKey: string; privateKey: string },
    private fetcher: typeof fetch = fetch,
  ) {}

  async send(target: PushTarget, alert: PushAlert): Promise<PushResult> {
    try {
      const payload = await buildPushPayload(
        { data: alert, options: { ttl: PUSH_TTL_SECONDS, urgency: "high", topic: alert.tag.slice(0, 32) } },
        { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
        this.vapid,
      );
      const response = await this.fetcher(target.endpoint, payload as RequestInit);
      if (response.status === 404 || response.status === 410) return "gone";
      return response.ok ? "delivered" : "failed";
    } catch (error) {
      log.warn("push.send_failed", { error });
      return "failed";
    }
  }
}

/**
 * The stand-in's sender, from the registered stand-ins (app/platform/adapters.server.ts), taken when a push is sent.
 * Only called behind `import.meta.env.MODE !== "production"`.
 */
function standInSender(bucket: R2Bucket): PushSender {
  return {
    async send(target, alert) {
      return standIn("push").sender(bucket).send(target, alert);
    },
  };
}

/**
 * Chooses the adapter by configuration: PUSH_PROVIDER=webpush with the VAPID keys (secrets) in production, the
 * stand-in otherwise (development and tests; a production build carries none).
 */
export function pushSender(env: Env): PushSender {
  if (env.PUSH_PROVIDER === "webpush") {
    const { VAPID_SUBJECT: subject, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
    if (!subject || !publicKey || !privateKey) {
      throw new Error("PUSH_PROVIDER=webpush needs VAPID_SUBJECT, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY");
    }
    return new WebPushSender({ subject, publicKey, privateKey });
  }
  if (isProduction(env))
    throw new Error("Production needs PUSH_PROVIDER=webpush: the stand-in is for development only");
  if (import.meta.env.MODE !== "production") return standInSender(env.PRIVATE_FILES);
  // A production build run locally: no stand-in in it, so each push fails (and its email fallback goes).
  return { send: () => Promise.resolve("failed") };
}

/** The VAPID public key browsers subscribe with (the applicationServerKey), or null when push is not set up. */
export function vapidPublicKey(env: Env): string | null {
  return (env.VAPID_PUBLIC_KEY as string | undefined) || null;
}

/** The stand-in's pushes for the /dev/push page, or null where there is no stand-in. */
export async function standInPushes(env: Env) {
  if (import.meta.env.MODE !== "production" && !isProduction(env) && env.PUSH_PROVIDER !== "webpush") {
    return standIn("push").read(env.PRIVATE_FILES, { limit: 50 });
  }
  return null;
}
