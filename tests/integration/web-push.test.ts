import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notifyTurn, sessionAlertOutcomes } from "~/features/alerts/index.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { markPushEndpointGone, readPushes } from "~/platform/stand-ins/push/outbox.server";
import { createGame, createLiveSession, createPlatform, createStreamer, createUser, viewerOf } from "../factories";
import { api, fan } from "./booking-world";

/**
 * Web push alerts against the local push service stand-in: one "you're up" per call, the email fallback when the
 * browser's subscription is gone (410: the subscription deleted), and each outcome recorded.
 */
async function subscribedFan() {
  const subscriber = await fan();
  const endpoint = `https://push.stand-in.test/${crypto.randomUUID()}`;
  const response = await api("/api/push/subscribe", subscriber.cookie, {
    endpoint,
    keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "authSecret" },
  });
  expect(response.status).toBe(200);
  return { ...subscriber, endpoint };
}

async function turnOf(userId: string) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, `pc-${crypto.randomUUID()}`);
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const session = await createLiveSession(env.DB, streamer.id, game);
  const turn = {
    key: `turn:${crypto.randomUUID()}:0`,
    liveSessionId: session.id,
    streamerName: "Test Star",
    url: "/live/x",
    readyUrl: "/live/x/ready?e=p&d=1&sig=s",
    timeLeft: "2 min",
  };
  return { streamer, turn, call: () => notifyTurn(env, userId, turn) };
}

async function outcomeOf(key: string) {
  return (
    await env.DB.prepare("SELECT outcome FROM alert_deliveries WHERE key = ?").bind(key).first<{ outcome: string }>()
  )?.outcome;
}

describe("web push alerts", () => {
  it('sends exactly one "you\'re up" per call of a turn, however many times it is called', async () => {
    const { user, endpoint } = await subscribedFan();
    const { streamer, turn, call } = await turnOf(user.id);
    const outcomes = await Promise.all([call(), call(), call()]);
    expect(outcomes.filter((o) => o === "delivered")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already")).toHaveLength(2);
    const pushes = await readPushes(env.PRIVATE_FILES, { endpoint });
    expect(pushes.map((p) => p.title)).toEqual(["You're up with Test Star"]);
    expect(await outcomeOf(turn.key)).toBe("delivered");
    // The queue dashboard's read: per fan, the session's streamer only.
    expect(await sessionAlertOutcomes(env, viewerOf(streamer), turn.liveSessionId)).toEqual(
      new Map([[user.id, "delivered"]]),
    );
    const stranger = viewerOf(await createUser(env.DB));
    await expect(sessionAlertOutcomes(env, stranger, turn.liveSessionId)).rejects.toMatchObject({ status: 403 });
    // A new call (the next turn) is one more push.
    await turnOf(user.id).then(({ call: next }) => next());
    expect(await readPushes(env.PRIVATE_FILES, { endpoint })).toHaveLength(2);
  });

  it("falls back to email once when the subscription answers 410, and deletes the subscription", async () => {
    const { user, endpoint } = await subscribedFan();
    await markPushEndpointGone(env.PRIVATE_FILES, endpoint);
    const { turn, call } = await turnOf(user.id);
    const outcomes = await Promise.all([call(), call()]);
    expect(outcomes.filter((o) => o === "fell_back")).toHaveLength(1);
    // The same call again sends nothing more.
    expect(await call()).toBe("already");
    expect(await readPushes(env.PRIVATE_FILES, { endpoint })).toEqual([]);
    const mails = await readOutbox(env.PRIVATE_FILES, { to: user.email ?? "" });
    expect(mails.map((m) => m.subject)).toEqual(["You're up with Test Star"]);
    expect(await outcomeOf(turn.key)).toBe("fell_back");
    const left = await env.DB.prepare("SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?")
      .bind(endpoint)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("emails a fan without a push subscription at once, with the call's ready link and the time to confirm", async () => {
    const subscriber = await fan();
    const { turn, call } = await turnOf(subscriber.user.id);
    expect(await Promise.all([call(), call()])).toEqual(expect.arrayContaining(["emailed", "already"]));
    const mails = await readOutbox(env.PRIVATE_FILES, { to: subscriber.user.email ?? "" });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("You're up with Test Star");
    expect(mails[0]?.text).toContain("confirm you're ready within 2 min");
    expect(mails[0]?.text).toContain(`I'm ready: http`);
    expect(mails[0]?.text).toContain(turn.readyUrl);
    expect(await outcomeOf(turn.key)).toBe("emailed");
  });

  it("refuses a subscription that is not https, and a signed-out one", async () => {
    const subscriber = await fan();
    const plain = await api("/api/push/subscribe", subscriber.cookie, {
      endpoint: "http://push.example/x",
      keys: { p256dh: "k", auth: "a" },
    });
    expect(plain.status).toBe(400);
    const anonymous = await api("/api/push/subscribe", "", {
      endpoint: "https://push.example/x",
      keys: { p256dh: "k", auth: "a" },
    });
    expect(anonymous.status).toBe(401);
  });
});
