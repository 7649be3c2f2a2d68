import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { signedTwitchDelivery } from "~/platform/stand-ins/chat/twitch.server";
import { chatConnections, chatIdentities, queueEntries } from "~db/schema";
import { readPage } from "~tests/support/page";
import { ORIGIN, request } from "./app";
import { twitchWorld } from "./chat-world";
import { Client } from "./client";
import { liveFan, liveWorld } from "./live-world";
import { STAND_IN } from "./social-flow";

const db = () => drizzle(env.DB);

/** A browser signed in with `cookie` ("name=value"). */
function browserOf(cookie: string) {
  const client = new Client();
  const at = cookie.indexOf("=");
  client.cookies.set(cookie.slice(0, at), cookie.slice(at + 1));
  return client;
}

/** Through the Twitch stand-in's consent as a made-up Twitch user; answers the app's callback response. */
async function throughTwitch(client: Client, start: string, who: { id: string; name: string }) {
  const started = await client.post(start, {});
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get("Location") ?? "");
  expect(authorize.origin).toBe(STAND_IN);
  const chosen = await client.post(`${authorize.origin}${authorize.pathname}`, {
    ...Object.fromEntries(authorize.searchParams),
    identity: "custom",
    custom_id: who.id,
    custom_name: who.name,
  });
  expect(chosen.status).toBe(302);
  const callback = new URL(chosen.headers.get("Location") ?? "");
  return { authorize, response: await client.get(`${callback.pathname}${callback.search}`) };
}

const twitchId = () => String(Math.floor(Math.random() * 1e9) + 1e9);

describe("Twitch OAuth: the streamer's channel and the fan's link", () => {
  it("connects the streamer's channel with the scopes chat needs, mends a broken one, and its chat then queues", async () => {
    const world = await liveWorld();
    const client = browserOf(world.streamerCookie);
    const id = twitchId();
    const { authorize, response } = await throughTwitch(client, "/influencer/chat/twitch", { id, name: "StarChan" });
    expect(authorize.searchParams.get("scope")).toBe("user:read:chat user:bot channel:bot");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/influencer/chat/twitch/callback`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/influencer/chat");
    const connection = () =>
      db()
        .select()
        .from(chatConnections)
        .where(and(eq(chatConnections.streamerId, world.streamer.id), eq(chatConnections.platform, "twitch")))
        .get();
    expect(await connection()).toMatchObject({ channelId: id, channelName: "starchan", state: "connected" });

    await db()
      .update(chatConnections)
      .set({ state: "broken", brokenReason: "authorization_revoked" })
      .where(eq(chatConnections.channelId, id));
    await throughTwitch(client, "/influencer/chat/twitch", { id, name: "StarChan" });
    expect(await connection()).toMatchObject({ state: "connected", brokenReason: null });
    expect(
      await db().select().from(chatConnections).where(eq(chatConnections.streamerId, world.streamer.id)),
    ).toHaveLength(1);
    // The connected channel's chat feeds the streamer's live queue.
    const line = await signedTwitchDelivery({
      broadcasterId: id,
      broadcasterLogin: "starchan",
      user: "Fanny",
      text: "!join",
    });
    expect((await request("/api/chat/twitch", { method: "POST", ...line })).status).toBe(204);
    const places = await db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, world.liveSessionId));
    expect(places.map((p) => [p.gamertag, p.source])).toEqual([["Fanny", "twitch"]]);
  });

  it("refuses a channel another streamer connected, and a callback whose state is not this browser's", async () => {
    const other = await twitchWorld();
    const world = await liveWorld();
    const client = browserOf(world.streamerCookie);
    const { response } = await throughTwitch(client, "/influencer/chat/twitch", {
      id: other.broadcasterId,
      name: "Taken",
    });
    expect(response.headers.get("Location")).toBe("/influencer/chat");
    const forged = await browserOf(world.streamerCookie).get("/influencer/chat/twitch/callback?code=x&state=forged");
    expect(forged.status).toBe(302);
    expect(await db().select().from(chatConnections).where(eq(chatConnections.streamerId, world.streamer.id))).toEqual(
      [],
    );
    // A fan cannot start a connection.
    const fan = await liveFan();
    expect((await browserOf(fan.cookie).post("/influencer/chat/twitch", {})).headers.get("Location")).toBe("/");
  });

  it("links a fan's Twitch from the profile: their chat place moves to the account; another account is refused", async () => {
    const world = await twitchWorld();
    const fan = await liveFan();
    await world.type({ user: "LinkMe", userId: "777000111", text: "!join ChatTag" });
    const client = browserOf(fan.cookie);
    const profile = await (await client.get("/profile")).text();
    expect(profile).toContain("Link Twitch");
    const { authorize, response } = await throughTwitch(client, "/profile/twitch", { id: "777000111", name: "LinkMe" });
    expect(authorize.searchParams.get("scope")).toBe("");
    expect(response.headers.get("Location")).toBe("/profile");
    const [identity] = await db().select().from(chatIdentities).where(eq(chatIdentities.platformUserId, "777000111"));
    expect(identity?.userId).toBe(fan.user.id);
    const places = await db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, world.liveSessionId));
    expect(places.map((p) => [p.userId, p.gamertag])).toEqual([[fan.user.id, "ChatTag"]]);
    expect((await readPage(await client.get("/profile"))).textOf("main")).toContain("LinkMe");

    const thief = await liveFan();
    await throughTwitch(browserOf(thief.cookie), "/profile/twitch", { id: "777000111", name: "LinkMe" });
    const [still] = await db().select().from(chatIdentities).where(eq(chatIdentities.platformUserId, "777000111"));
    expect(still?.userId).toBe(fan.user.id);
  });
});
