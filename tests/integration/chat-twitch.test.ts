import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { channelReplyState, linkChatIdentity, REPLIES_PER_WINDOW, runChatCommand } from "~/features/chat/index.server";
import { placeOf } from "~/features/live/index.server";
import { devTwitchId, signedTwitchDelivery } from "~/platform/stand-ins/chat/twitch.server";
import { chatConnections, chatIdentities, queueEntries, users } from "~db/schema";
import { createUser, viewerOf } from "../factories";
import { postForm, request } from "./app";
import { twitchWorld } from "./chat-world";
import { until } from "./live-world";

const db = () => drizzle(env.DB);
const placesOf = (liveSessionId: string) =>
  db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, liveSessionId)).orderBy(queueEntries.position);

describe("Twitch EventSub webhook", () => {
  it("answers the verification challenge, and refuses bad, missing and stale signatures", async () => {
    const world = await twitchWorld();
    const challenge = JSON.stringify({
      challenge: "pogchamp-123",
      subscription: { id: "s1", type: "channel.chat.message" },
    });
    const verification = await signedTwitchDelivery(
      { broadcasterId: world.broadcasterId, broadcasterLogin: world.login, user: "x", text: "" },
      { type: "webhook_callback_verification", body: challenge },
    );
    const answered = await request("/api/chat/twitch", {
      method: "POST",
      headers: verification.headers,
      body: challenge,
    });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("Content-Type")).toContain("text/plain");
    expect(await answered.text()).toBe("pogchamp-123");

    expect((await world.type({ user: "mallory", text: "!join" }, { secret: "not-the-secret" })).status).toBe(403);
    const stale = await world.type({ user: "mallory", text: "!join" }, { at: new Date(Date.now() - 11 * 60_000) });
    expect(stale.status).toBe(403);
    const unsigned = await request("/api/chat/twitch", { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(403);
    // A body changed after signing fails its signature.
    const signed = await signedTwitchDelivery({
      broadcasterId: world.broadcasterId,
      broadcasterLogin: world.login,
      user: "mallory",
      text: "!join",
    });
    const tampered = await request("/api/chat/twitch", {
      method: "POST",
      headers: signed.headers,
      body: signed.body.replace("mallory", "mallorz"),
    });
    expect(tampered.status).toBe(403);
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);
  });

  it("queues a !join once however often Twitch delivers it, and answers the fan in chat", async () => {
    const world = await twitchWorld();
    const first = await world.type({ user: "Alice", text: "!join AliceTag#1", messageId: "msg-1" });
    expect(first.status).toBe(204);
    const again = await world.type({ user: "Alice", text: "!join AliceTag#1", messageId: "msg-1" });
    expect(again.status).toBe(204);
    const places = await placesOf(world.liveSessionId);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ gamertag: "AliceTag#1", source: "twitch", lane: "regular", position: 1 });
    expect(await until(async () => (await world.replies()).length > 0 && (await world.replies()))).toEqual([
      expect.stringMatching(/^@Alice you're in the queue: 1st in line \(about \d+ min\)$/),
    ]);
    // Without a tag the chat name is the place's name; !position answers what the public view says.
    await world.type({ user: "Bob", text: "!join" });
    await world.type({ user: "Bob", text: "!position" });
    const bob = await placeOf(env, world.liveSessionId, `chat-tw-${devTwitchId("Bob")}`);
    expect(bob?.place?.line).toBe(2);
    const said = await until(async () => {
      const all = await world.replies();
      return all.length >= 3 ? all : undefined;
    });
    expect(said?.at(-1)).toMatch(/^@Bob you're 2nd in line/);
    expect((await placesOf(world.liveSessionId))[1]?.gamertag).toBe("Bob");
  });

  it("ignores lines from a shared chat's partner channel, plain chat, and a channel with commands off", async () => {
    const world = await twitchWorld();
    await world.type({ user: "Guest", text: "!join", sourceBroadcasterId: "999" });
    await world.type({ user: "Chatty", text: "hello !join" });
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);
    await db()
      .update(chatConnections)
      .set({ commandsOn: false })
      .where(eq(chatConnections.channelId, world.broadcasterId));
    expect((await world.type({ user: "Late", text: "!join" })).status).toBe(204);
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);
    expect(await world.replies()).toEqual([]);
  });

  it("marks the connection broken when Twitch revokes the subscription", async () => {
    const world = await twitchWorld();
    const body = JSON.stringify({
      subscription: {
        id: "s1",
        type: "channel.chat.message",
        status: "authorization_revoked",
        condition: { broadcaster_user_id: world.broadcasterId },
      },
    });
    const revoked = await signedTwitchDelivery(
      { broadcasterId: world.broadcasterId, broadcasterLogin: world.login, user: "", text: "" },
      { type: "revocation", body },
    );
    const answer = await request("/api/chat/twitch", { method: "POST", headers: revoked.headers, body });
    expect(answer.status).toBe(204);
    const [connection] = await db()
      .select()
      .from(chatConnections)
      .where(eq(chatConnections.channelId, world.broadcasterId));
    expect(connection).toMatchObject({ state: "broken", brokenReason: "authorization_revoked" });
    await world.type({ user: "Alice", text: "!join" });
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);
  });

  it("obeys the session's cooldown and the account's ban", async () => {
    const world = await twitchWorld();
    await world.type({ user: "Banned", text: "!join" });
    await db()
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, `chat-tw-${devTwitchId("Banned")}`));
    await world.type({ user: "Banned", text: "!leave" });
    expect((await placesOf(world.liveSessionId))[0]?.state).toBe("waiting");
    // Staff banned the account: its chat identity may not join any more (its place stays for the streamer to remove).
    await db().update(queueEntries).set({ state: "done", finishedAt: new Date() });
    await world.type({ user: "Banned", text: "!join" });
    expect(await placesOf(world.liveSessionId)).toHaveLength(1);
    const said = await until(async () => {
      const all = await world.replies();
      return all.some((text) => text.includes("can't join")) ? all : undefined;
    });
    expect(said?.at(-1)).toBe("@Banned you can't join queues on Noobrd");

    // A cooldown of 2 turns: a fan who just played waits for two more turns before rejoining.
    await db()
      .update((await import("~db/schema")).liveSessions)
      .set({ rejoinCooldown: 2 });
    await world.type({ user: "Player", text: "!join" });
    await db()
      .update(queueEntries)
      .set({ state: "done", inGameAt: new Date(), finishedAt: new Date() })
      .where(eq(queueEntries.userId, `chat-tw-${devTwitchId("Player")}`));
    await world.type({ user: "Player", text: "!join" });
    const cooled = await until(async () => {
      const all = await world.replies();
      return all.some((text) => text.startsWith("@Player you played recently")) ? all : undefined;
    });
    expect(cooled?.at(-1)).toMatch(/^@Player you played recently: you may rejoin after 2 more turns/);
    expect((await placesOf(world.liveSessionId)).filter((p) => p.state === "waiting")).toHaveLength(0);
  });

  it("one fan across platforms: a linked Twitch !join and Discord /join are one place", async () => {
    const world = await twitchWorld();
    const fan = await createUser(env.DB);
    // The fan first joined from Twitch before having linked: the shadow's place moves to the account on linking.
    await world.type({ user: "Linky", text: "!join LinkTag" });
    const twitchFan = { platform: "twitch" as const, platformUserId: devTwitchId("Linky"), displayName: "Linky" };
    await linkChatIdentity(env, viewerOf(fan), twitchFan);
    await linkChatIdentity(env, viewerOf(fan), { platform: "discord", platformUserId: "4242", displayName: "linky" });
    const places = await placesOf(world.liveSessionId);
    expect(places.map((p) => p.userId)).toEqual([fan.id]);
    const [connection] = await db()
      .select()
      .from(chatConnections)
      .where(eq(chatConnections.channelId, world.broadcasterId));
    if (!connection) throw new Error("no connection");
    const fromDiscord = await runChatCommand(env, {
      connection: { ...connection, platform: "discord" },
      fan: { platform: "discord", platformUserId: "4242", displayName: "linky" },
      command: { kind: "join", tag: null },
      isModerator: false,
      origin: "http://localhost",
    });
    expect(fromDiscord?.text).toBe("you are already in this queue");
    expect(await placesOf(world.liveSessionId)).toHaveLength(1);
    // The identity is the account's: it may not be linked to another.
    const other = await createUser(env.DB);
    await expect(linkChatIdentity(env, viewerOf(other), twitchFan)).rejects.toMatchObject({ status: 409 });
    const linked = await db()
      .select()
      .from(chatIdentities)
      .where(and(eq(chatIdentities.userId, fan.id)));
    expect(linked).toHaveLength(2);
  });

  it("lets moderators !next and !remove, and no one else", async () => {
    const world = await twitchWorld();
    await world.type({ user: "One", text: "!join OneTag" });
    await world.type({ user: "Two", text: "!join TwoTag" });
    await world.type({ user: "Cheeky", text: "!next" });
    expect((await placesOf(world.liveSessionId)).every((p) => p.state === "waiting")).toBe(true);
    await world.type({ user: "Moddy", text: "!next", badges: ["moderator"] });
    await world.type({ user: "Moddy", text: "!remove @TwoTag", badges: ["moderator"] });
    const places = await placesOf(world.liveSessionId);
    expect(places.map((p) => [p.gamertag, p.state])).toEqual([
      ["OneTag", "playing_next"],
      ["TwoTag", "removed"],
    ]);
    await world.type({ user: "One", text: "!ready" });
    expect((await placesOf(world.liveSessionId))[0]?.readyConfirmedAt).not.toBeNull();
    const said = await until(async () => {
      const all = await world.replies();
      return all.length >= 6 ? all : undefined;
    });
    expect(said).toContain("@Cheeky only moderators may do that");
    expect(said).toContain("@Moddy called next: OneTag");
    expect(said).toContain("@Moddy removed TwoTag from the queue");
  });

  it("200 viewers typing !join at once get 200 places, gap-free, and the bot stays under the rate limit", async () => {
    const world = await twitchWorld();
    const names = Array.from({ length: 200 }, (_, i) => `viewer${i}`);
    const answers = await Promise.all(names.map((user) => world.type({ user, text: "!join" })));
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 204));
    const places = await placesOf(world.liveSessionId);
    expect(places.map((p) => p.position)).toEqual(names.map((_, i) => i + 1));
    expect(new Set(places.map((p) => p.userId)).size).toBe(200);

    const sent = await world.replies();
    expect(sent.length).toBeLessThanOrEqual(REPLIES_PER_WINDOW);
    const state = await channelReplyState(env, { platform: "twitch", channelId: world.broadcasterId });
    expect(state.sent.length).toBeLessThanOrEqual(REPLIES_PER_WINDOW);
    // Every fan is answered or waits in line to be; merged messages name several fans ("@a 4th, @b 5th").
    const named = new Set([
      ...sent.flatMap((text) => [...text.matchAll(/@(viewer\d+)/g)].map((m) => m[1])),
      ...state.pending.map((reply) => reply.to),
    ]);
    expect(named.size).toBe(200);
    expect(
      sent.some((text) => /^@viewer\d+ \d+(st|nd|rd|th), @viewer\d+ \d+(st|nd|rd|th)/.test(text)) ||
        state.pending.length > 0,
    ).toBe(true);
  }, 120_000);

  it("the development chat delivers a viewer's line through the signed webhook, and /dev/chat.json reads the bot", async () => {
    const world = await twitchWorld();
    const handle = world.streamer.username;
    const sent = await postForm("/dev/chat", {
      platform: "twitch",
      channel: handle,
      user: "Devy",
      text: "!join DevTag",
    });
    expect(sent.status).toBe(302);
    expect((await placesOf(world.liveSessionId)).map((p) => [p.gamertag, p.source])).toEqual([["DevTag", "twitch"]]);
    const read = await until(async () => {
      const answer = (await (await request("/dev/chat.json")).json()) as {
        replies: { text: string; platform: string }[];
      };
      return answer.replies.find((reply) => reply.text.startsWith("@Devy")) ? answer : undefined;
    });
    expect(read?.replies.find((reply) => reply.text.startsWith("@Devy"))).toMatchObject({ platform: "twitch" });
    const refused = await postForm("/dev/chat", { platform: "twitch", channel: handle, user: "", text: "!join" });
    expect(refused.status).toBe(400);
    const noStreamer = await postForm("/dev/chat", {
      platform: "twitch",
      channel: "nobody-here",
      user: "a",
      text: "!join",
    });
    expect(noStreamer.status).toBe(404);
  });
});
