import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { liveSocketPath } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import { OVERLAY_REVOKED_CLOSE_CODE } from "~/lib/socket-codes";
import { createBooking, createGig, createSlot } from "~tests/factories";
import { postForm } from "./app";
import { type Frame, get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * The stream overlay (docs/domain.md "Stream overlay"): its URLs carry the streamer's overlay key; the live
 * session's object admits an overlay socket by that key only and sends it public fields only; a new key makes the
 * old URLs 404 and closes the old sockets.
 */
async function overlayKeyOf(liveSessionId: string, streamerCookie: string): Promise<string> {
  const page = await get(`/influencer/live/session/${liveSessionId}`, streamerCookie);
  expect(page.status).toBe(200);
  const key = (await page.text()).match(/\/overlay\/([^/"]+)\/queue/)?.[1];
  if (!key) throw new Error("no overlay link on the queue dashboard");
  return key;
}

type Overlay = {
  playing: { name: string; vip: boolean }[];
  next: { name: string; vip: boolean }[];
  queueLength: number;
};
const overlayFrames = (frames: Frame[]) => frames.filter((frame) => frame.event === "overlayLiveSession");

describe("stream overlay", () => {
  it("follows the queue over a socket admitted by the key, with names, lanes and counts only", async () => {
    const world = await liveWorld({ priceMinor: 500 });
    const key = await overlayKeyOf(world.liveSessionId, world.streamerCookie);
    const page = await get(`/overlay/${key}/queue`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain('data-state="live"');
    expect(html).not.toContain("<footer");
    // Where to join: the streamer's short link, not the session's id.
    expect(html).toContain(`/@${world.streamer.username}`);

    const overlay = await openSocket(`${liveSocketPath(world.liveSessionId)}?overlay=${encodeURIComponent(key)}`);
    const first = await until(() => overlay.last("overlayLiveSession"));
    expect((first.data as Overlay).queueLength).toBe(0);

    const regular = await liveFan(0, { email: "regular.fan@example.com" });
    const vip = await liveFan(500, { email: "vip.fan@example.com" });
    expect((await post("/api/join_regular", regular.cookie, { liveSessionId: world.liveSessionId })).status).toBe(200);
    await until(() => overlayFrames(overlay.frames).some((f) => (f.data as Overlay).queueLength === 1));
    const joined = await post("/api/join_vip", vip.cookie, {
      liveSessionId: world.liveSessionId,
      acceptTerms: true,
      paymentMethod: "wallet",
      gamertag: "vip-tag",
    });
    expect(joined.status).toBe(200);
    const both = await until(() => overlayFrames(overlay.frames).find((f) => (f.data as Overlay).queueLength === 2));
    // The VIP fan shows by the gamer tag they gave; each place numbered as in line (the fan's page says the same).
    expect((both.data as Overlay).next).toEqual([
      { name: "vip-tag", vip: true, line: 1, source: "web" },
      { name: regular.user.username, vip: false, line: 2, source: "web" },
    ]);

    // The streamer puts the VIP fan in game: the overlay shows who is playing now.
    const entryId = (await placeOf(env, world.liveSessionId, vip.user.id))?.place?.entryId ?? "";
    const moved = await postForm(
      `/influencer/live/session/${world.liveSessionId}`,
      { intent: "serve", id: entryId, to: "in_game" },
      { Cookie: world.streamerCookie },
    );
    expect(moved.status).toBe(200);
    const playing = await until(() =>
      overlayFrames(overlay.frames).find((f) => (f.data as Overlay).playing.length === 1),
    );
    expect((playing.data as Overlay).playing).toEqual([{ name: "vip-tag", vip: true, line: null, source: "web" }]);
    expect((playing.data as Overlay).next).toEqual([
      { name: regular.user.username, vip: false, line: 1, source: "web" },
    ]);

    // Public fields only: no emails, no account or entry ids, in any frame it was sent.
    const sent = JSON.stringify(overlay.frames);
    for (const secret of ["regular.fan@example.com", "vip.fan@example.com", regular.user.id, vip.user.id, entryId]) {
      expect(sent).not.toContain(secret);
    }
    expect(overlay.frames.every((frame) => frame.event === "overlayLiveSession")).toBe(true);
    overlay.close();
  });

  it("refuses a socket with a wrong key or another streamer's key, and a socket that carries a cookie gets only the overlay", async () => {
    const world = await liveWorld();
    const other = await liveWorld();
    const key = await overlayKeyOf(world.liveSessionId, world.streamerCookie);
    const otherKey = await overlayKeyOf(other.liveSessionId, other.streamerCookie);
    const path = liveSocketPath(world.liveSessionId);
    await expect(openSocket(`${path}?overlay=${encodeURIComponent(otherKey)}`)).rejects.toThrow(/404/);
    await expect(openSocket(`${path}?overlay=${encodeURIComponent(`${key}x`)}`)).rejects.toThrow(/404/);
    await expect(openSocket(`${path}?overlay=`)).rejects.toThrow(/404/);
    // The streamer's own cookie on an overlay socket does not make it the streamer's view.
    const withCookie = await openSocket(`${path}?overlay=${encodeURIComponent(key)}`, world.streamerCookie);
    await until(() => withCookie.last("overlayLiveSession"));
    expect(withCookie.last("messageInfluencerLiveSession")).toBeUndefined();
    withCookie.close();
  });

  it("says offline between sessions, and a new key makes the old URLs 404 and closes the old sockets", async () => {
    const world = await liveWorld();
    const key = await overlayKeyOf(world.liveSessionId, world.streamerCookie);
    const overlay = await openSocket(`${liveSocketPath(world.liveSessionId)}?overlay=${encodeURIComponent(key)}`);
    await until(() => overlay.last("overlayLiveSession"));
    let closeCode = 0;
    overlay.ws.addEventListener("close", (event) => {
      closeCode = event.code;
    });

    const regenerated = await postForm(
      "/influencer/overlay/regenerate",
      { returnTo: `/influencer/live/session/${world.liveSessionId}` },
      { Cookie: world.streamerCookie },
    );
    expect(regenerated.status).toBe(302);
    expect(regenerated.headers.get("Location")).toBe(`/influencer/live/session/${world.liveSessionId}#stream-overlay`);
    await until(() => overlay.isClosed());
    expect(closeCode).toBe(OVERLAY_REVOKED_CLOSE_CODE);
    expect((await get(`/overlay/${key}/queue`)).status).toBe(404);
    expect((await get(`/overlay/${key}/next-slot`)).status).toBe(404);
    await expect(
      openSocket(`${liveSocketPath(world.liveSessionId)}?overlay=${encodeURIComponent(key)}`),
    ).rejects.toThrow(/404/);

    const fresh = await overlayKeyOf(world.liveSessionId, world.streamerCookie);
    expect(fresh).not.toBe(key);
    expect((await get(`/overlay/${fresh}/queue`)).status).toBe(200);

    // End Session: the overlay is offline until the next one.
    expect((await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).status).toBe(200);
    const offline = await (await get(`/overlay/${fresh}/queue`)).text();
    expect(offline).toContain('data-testid="overlay-offline"');

    // A fan cannot make overlay links.
    const fan = await liveFan();
    const refused = await postForm("/influencer/overlay/regenerate", { returnTo: "/" }, { Cookie: fan.cookie });
    expect(refused.status).toBe(302);
    expect((await get(`/overlay/${fresh}/queue`)).status).toBe(200);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM feed_keys WHERE user_id = ? AND kind = 'overlay'")
      .bind(fan.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("shows the next open slot and its seats left", async () => {
    const world = await liveWorld();
    const key = await overlayKeyOf(world.liveSessionId, world.streamerCookie);
    expect(await (await get(`/overlay/${key}/next-slot`)).text()).toContain('data-testid="overlay-no-slot"');
    const gig = await createGig(env.DB, world.streamer.id, world.game, { title: "Duo ranked" });
    const slot = await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 86_400_000), { seats: 4 });
    await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 2 * 86_400_000), { seats: 2 });
    const fan = await liveFan();
    await createBooking(env.DB, { id: slot.id, influencerId: world.streamer.id }, fan.user.id, "confirmed", 3);
    const html = await (await get(`/overlay/${key}/next-slot`)).text();
    expect(html).toContain("Duo ranked");
    expect(html).toMatch(/data-testid="overlay-seats-left">1 of 4 seats left</);
    expect(html).toContain(`/gig/${gig.id}`);
  });
});
