import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ALERTS_COPY } from "~/features/alerts/copy";
import { api, fan } from "./booking-world";

/**
 * The probe's leftovers: a push subscription took any https endpoint (the Worker would POST alerts to a private
 * address, a metadata service or anyone's server), and posting another account's endpoint moved its subscription to
 * the caller. Endpoints are on known push services' hosts only; a subscription is its first owner's until unsubscribed.
 */
const keys = { p256dh: "BPublicKeyOfTheBrowser", auth: "authSecret" };
const subscribe = (cookie: string, endpoint: string) => api("/api/push/subscribe", cookie, { endpoint, keys });

async function ownerOf(endpoint: string) {
  const row = await env.DB.prepare("SELECT user_id AS userId FROM push_subscriptions WHERE endpoint = ?")
    .bind(endpoint)
    .first<{ userId: string }>();
  return row?.userId ?? null;
}

describe("push endpoints", () => {
  it("refuses endpoints that are not a known push service's", async () => {
    const { cookie } = await fan();
    for (const endpoint of [
      "https://127.0.0.1/x",
      "https://169.254.169.254/latest",
      "https://example.com/steal",
      "https://[::1]/x",
      "https://localhost/x",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "https://evilfcm.googleapis.com/x",
      "https://notify.windows.com.evil.example/w/x",
      "https://user:pass@fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
    ]) {
      const response = await subscribe(cookie, endpoint);
      expect(response.status, endpoint).toBe(400);
      expect(await response.json(), endpoint).toMatchObject({
        success: false,
        message: ALERTS_COPY.unknownPushService,
      });
      expect(await ownerOf(endpoint), endpoint).toBeNull();
    }
  });

  it("takes FCM, Mozilla autopush, Apple web push and Windows WNS endpoints", async () => {
    const { cookie } = await fan();
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${crypto.randomUUID()}`,
      `https://web.push.apple.com/${crypto.randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${crypto.randomUUID()}`,
    ]) {
      expect((await subscribe(cookie, endpoint)).status, endpoint).toBe(200);
    }
  });

  it("keeps a subscription with its first owner until they unsubscribe it", async () => {
    const owner = await fan();
    const other = await fan();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    expect((await subscribe(owner.cookie, endpoint)).status).toBe(200);
    // The owner subscribing again (renewed keys) is fine.
    expect((await subscribe(owner.cookie, endpoint)).status).toBe(200);

    const taken = await subscribe(other.cookie, endpoint);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ success: false, message: ALERTS_COPY.endpointOfAnotherAccount });
    expect(await ownerOf(endpoint)).toBe(owner.user.id);
    // Another account cannot unsubscribe it either.
    await api("/api/push/unsubscribe", other.cookie, { endpoint });
    expect(await ownerOf(endpoint)).toBe(owner.user.id);

    expect((await api("/api/push/unsubscribe", owner.cookie, { endpoint })).status).toBe(200);
    expect((await subscribe(other.cookie, endpoint)).status).toBe(200);
    expect(await ownerOf(endpoint)).toBe(other.user.id);
  });
});
