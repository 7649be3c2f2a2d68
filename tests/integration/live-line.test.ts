import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UpdateUserPayload } from "~/features/live/events";
import { liveSocketPath } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import { postForm } from "./app";
import { type Frame, get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * What a fan's socket says of their place as the queue moves: the place in line behind VIP places, the wait, being
 * called, and what the session's end did to each fan still waiting.
 */
const placeFrame = (frames: Frame[], check: (data: UpdateUserPayload) => boolean) =>
  [...frames]
    .reverse()
    .find((frame) => frame.event === "updateUserLiveSession" && check(frame.data as unknown as UpdateUserPayload))
    ?.data as unknown as UpdateUserPayload | undefined;

describe("a fan's place as their socket says it", () => {
  it("follows the line, the call and the session's end", async () => {
    const world = await liveWorld({ priceMinor: 700, noOfPlayers: 1, durationMinutes: 15 });
    const [regular, later, vip] = await Promise.all([liveFan(), liveFan(), liveFan(700)]);
    for (const fan of [regular, later]) {
      const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: "r" });
      expect(joined.status).toBe(200);
    }
    const socket = await openSocket(liveSocketPath(world.liveSessionId), regular.cookie);
    const laterSocket = await openSocket(liveSocketPath(world.liveSessionId), later.cookie);
    const vipSocket = await openSocket(liveSocketPath(world.liveSessionId), vip.cookie);
    const joined = await post("/api/join_vip", vip.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "vip-line",
    });
    expect(joined.status).toBe(200);
    // One VIP place ahead: 2nd in line, one 15-minute game to wait.
    const behindVip = await until(() => placeFrame(socket.frames, (data) => data.counts.vip === 1));
    expect(behindVip.place).toMatchObject({ line: 2, position: 1, vipAhead: 1, estimatedWaitMinutes: 15 });
    const vipFirst = await until(() => placeFrame(vipSocket.frames, (data) => data.place?.lane === "vip"));
    expect(vipFirst.place).toMatchObject({ line: 1, vipAhead: 0, estimatedWaitMinutes: 1 });

    // Called to play next: the state and the lobby code reach the fan's socket.
    await postForm(
      `/influencer/live/session/${world.liveSessionId}`,
      { intent: "lobbyCode", liveSessionId: world.liveSessionId, lobbyCode: "LINE-1" },
      { Cookie: world.streamerCookie },
    );
    const entryId = (await placeOf(env, world.liveSessionId, regular.user.id))?.place?.entryId ?? "";
    const served = await postForm(
      `/influencer/live/session/${world.liveSessionId}`,
      { intent: "serve", id: entryId, to: "playing_next" },
      { Cookie: world.streamerCookie },
    );
    expect(served.status).toBe(200);
    const called = await until(() => placeFrame(socket.frames, (data) => data.place?.state === "playing_next"));
    expect(called.place).toMatchObject({ line: 1, lobbyCode: "LINE-1", estimatedWaitMinutes: 0 });

    // The session ends: the waiting regular fan was not reached; the VIP place is refunded, with its amount.
    const ended = await postForm(
      `/influencer/live/session/${world.liveSessionId}`,
      { intent: "end" },
      { Cookie: world.streamerCookie },
    );
    expect(ended.status).toBe(302);
    const notReached = await until(() => placeFrame(laterSocket.frames, (data) => data.ended));
    expect(notReached).toMatchObject({ place: null, ending: { outcome: "not_reached" } });
    const refunded = await until(() => placeFrame(vipSocket.frames, (data) => data.ended));
    expect(refunded).toMatchObject({
      place: null,
      ending: { outcome: "refunded", refund: { amountMinor: 700, currency: "USD" } },
    });
    // The fan still called reads their outcome too, with no countdown left.
    const stillCalled = await until(() => placeFrame(socket.frames, (data) => data.ended));
    expect(stillCalled).toMatchObject({ ending: { outcome: "not_reached" }, place: null });
    for (const open of [socket, laterSocket, vipSocket]) open.close();
  });
});

describe("the public queue", () => {
  it("shows anyone, logged in or not, the line by gamer tag or handle, VIP marked, live from the session", async () => {
    const world = await liveWorld({ priceMinor: 500, noOfPlayers: 1, durationMinutes: 10 });
    const anonymous = await openSocket(liveSocketPath(world.liveSessionId));
    const [tagged, untagged, vip] = await Promise.all([
      liveFan(0, { email: "tagged.fan@example.com" }),
      liveFan(0, { email: "untagged.fan@example.com" }),
      liveFan(500, { email: "vip.public@example.com" }),
    ]);
    await post("/api/join_regular", tagged.cookie, { liveSessionId: world.liveSessionId, gamertag: "PublicTag" });
    await post("/api/join_regular", untagged.cookie, { liveSessionId: world.liveSessionId });
    await post("/api/join_vip", vip.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "VipPublic",
    });
    const frame = await until(() =>
      [...anonymous.frames]
        .reverse()
        .find((f) => f.event === "publicQueueLiveSession" && (f.data as { inLine: number }).inLine === 3),
    );
    expect((frame.data as { line: unknown[] }).line).toEqual([
      { name: "VipPublic", vip: true, line: 1, waitMinutes: 1, source: "web" },
      { name: "PublicTag", vip: false, line: 2, waitMinutes: 10, source: "web" },
      { name: untagged.user.username, vip: false, line: 3, waitMinutes: 20, source: "web" },
    ]);
    // The page without logging in lists the same, and never an email or an account id.
    const page = await (await get(`/live/${world.liveSessionId}`)).text();
    expect(page).toContain('data-testid="public-queue"');
    expect(page).toContain("VipPublic");
    const sent = JSON.stringify(anonymous.frames);
    for (const secret of ["@example.com", tagged.user.id, untagged.user.id, vip.user.id]) {
      expect(sent).not.toContain(secret);
      expect(page.slice(page.indexOf('data-testid="public-queue"'))).not.toContain(secret);
    }
    anonymous.close();
  });
});

describe("presence", () => {
  it("tells the streamer which queued fans have the live page open, since when, and when they leave it", async () => {
    const world = await liveWorld();
    const [here, away] = await Promise.all([liveFan(), liveFan()]);
    for (const fan of [here, away]) {
      await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: "p" });
    }
    const before = Date.now();
    const fanSocket = await openSocket(liveSocketPath(world.liveSessionId), here.cookie);
    await until(() => fanSocket.last("updateUserLiveSession"));
    const streamer = await openSocket(liveSocketPath(world.liveSessionId), world.streamerCookie);
    const board = await until(() => streamer.last("messageInfluencerLiveSession"));
    const presentOf = (userId: string) =>
      (board.data.entries as { userId: string; presentSince: number | null }[]).find((e) => e.userId === userId)
        ?.presentSince;
    expect(presentOf(here.user.id)).toBeGreaterThanOrEqual(before - 1000);
    expect(presentOf(away.user.id)).toBeNull();
    // The fan closes the page: the streamer is told, without any queue change.
    fanSocket.close();
    const gone = await until(() =>
      streamer.frames.find(
        (f) => f.event === "presenceLiveSession" && !(here.user.id in (f.data.present as Record<string, number>)),
      ),
    );
    // Only the streamer's own dashboard is left open.
    expect(Object.keys(gone.data.present as Record<string, number>)).toEqual([world.streamer.id]);
    streamer.close();
  });
});
