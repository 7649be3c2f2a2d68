import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendLiveCommand } from "~/features/live/coordinator.server";
import { LIVE_EVENTS, liveSocketPath, type StreamerPayload } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import { markPushEndpointGone } from "~/platform/stand-ins/push/outbox.server";
import { readPage } from "~tests/support/page";
import { viewerOf } from "../factories";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * The queue dashboard says, per called fan, what became of their "you're up" alert: pushed to a device, sent by email
 * when no push got through, or failed; and a signed-in fan can subscribe to alerts from the live page's join step.
 */
type World = Awaited<ReturnType<typeof liveWorld>>;

async function subscribedFan(world: World, tag: string) {
  const fan = await liveFan();
  const endpoint = `https://push.stand-in.test/${crypto.randomUUID()}`;
  const subscribed = await post("/api/push/subscribe", fan.cookie, {
    endpoint,
    keys: { p256dh: "BPublicKeyOfTheBrowser", auth: "authSecret" },
  });
  expect(subscribed.status).toBe(200);
  const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: tag });
  expect(joined.status).toBe(200);
  // On the live page when called, so the ready check runs rather than missing them at once.
  const socket = await openSocket(liveSocketPath(world.liveSessionId), fan.cookie);
  await until(() => socket.last(LIVE_EVENTS.updateUser));
  return { ...fan, endpoint, socket };
}

async function call(world: World, userId: string) {
  const entryId = (await placeOf(env, world.liveSessionId, userId))?.place?.entryId;
  if (!entryId) throw new Error("the fan has no place");
  await sendLiveCommand(env, world.liveSessionId, {
    type: "serve",
    viewer: viewerOf(world.streamer),
    entryId,
    to: "playing_next",
  });
}

describe("alert outcomes on the queue dashboard", () => {
  it("shows a pushed alert as delivered and a gone subscription's as sent by email, live and without JavaScript", async () => {
    const world = await liveWorld({ noOfPlayers: 3 });
    const pushed = await subscribedFan(world, "Pushed");
    const gone = await subscribedFan(world, "Gone");
    const unsubscribed = await liveFan();
    await post("/api/join_regular", unsubscribed.cookie, { liveSessionId: world.liveSessionId, gamertag: "Plain" });
    await markPushEndpointGone(env.PRIVATE_FILES, gone.endpoint);
    const dashboard = await openSocket(liveSocketPath(world.liveSessionId), world.streamerCookie);

    await call(world, pushed.user.id);
    await call(world, gone.user.id);
    const frame = await until(() => {
      const data = dashboard.last(LIVE_EVENTS.influencer)?.data as StreamerPayload | undefined;
      return data?.entries.filter((entry) => entry.alert !== null).length === 2 ? data : undefined;
    });
    const alertOf = (userId: string) => frame.entries.find((entry) => entry.userId === userId)?.alert;
    expect(alertOf(pushed.user.id)).toBe("delivered");
    expect(alertOf(gone.user.id)).toBe("fell_back");
    // Never called: no alert to speak of.
    expect(alertOf(unsubscribed.user.id)).toBeNull();
    // Called without a push subscription: emailed at once.
    await call(world, unsubscribed.user.id);
    const emailed = await until(() => {
      const data = dashboard.last(LIVE_EVENTS.influencer)?.data as StreamerPayload | undefined;
      return data?.entries.find((entry) => entry.userId === unsubscribed.user.id)?.alert === "emailed";
    });
    expect(emailed).toBe(true);

    // The dashboard without JavaScript says the same in words, one badge per called fan.
    const page = await readPage(await get(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie));
    const badges = page
      .all('[data-testid="alert-outcome"]')
      .map((badge) => [badge.getAttribute("data-outcome"), badge.textContent?.trim()]);
    expect(badges.sort()).toEqual([
      ["delivered", "Alert delivered"],
      ["emailed", "Emailed (no push)"],
      ["fell_back", "Push failed: emailed"],
    ]);
    for (const open of [pushed.socket, gone.socket, dashboard]) open.close();
  });

  it("offers a signed-in fan alerts on this device from the live page, and not a signed-out visitor", async () => {
    const world = await liveWorld();
    const fan = await liveFan();
    const signedIn = await readPage(await get(`/live/${world.liveSessionId}`, fan.cookie));
    expect(signedIn.all('[data-testid="push-subscribe"]')).toHaveLength(1);
    const signedOut = await readPage(await get(`/live/${world.liveSessionId}`));
    expect(signedOut.all('[data-testid="push-subscribe"]')).toHaveLength(0);
  });
});
