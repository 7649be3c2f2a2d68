import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { linkChatIdentity } from "~/features/chat/index.server";
import { placeOf } from "~/features/live/index.server";
import { devDiscordId, signedDiscordInteraction } from "~/platform/stand-ins/chat/discord.server";
import { devTwitchId } from "~/platform/stand-ins/chat/twitch.server";
import { readDiscordOutbox } from "~/platform/stand-ins/discord/outbox.server";
import { chatConnections, queueEntries } from "~db/schema";
import { createUser, viewerOf } from "../factories";
import { postForm, request } from "./app";
import { discordWorld, twitchWorld } from "./chat-world";
import { until } from "./live-world";

const db = () => drizzle(env.DB);
const placesOf = (liveSessionId: string) =>
  db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, liveSessionId)).orderBy(queueEntries.position);
const followUpsFor = async (world: Awaited<ReturnType<typeof discordWorld>>, count: number) =>
  until(async () => {
    const all = await world.followUps();
    return all.length >= count ? all : undefined;
  });

describe("Discord interactions endpoint", () => {
  it("answers PING with PONG, and refuses bad, missing, stale and replayed signatures with 401", async () => {
    const world = await discordWorld();
    const ping = await world.slash({ user: "x", command: "", type: 1 });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ type: 1 });

    const { privateKey } = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    expect((await world.slash({ user: "mallory", command: "join" }, { key: privateKey })).status).toBe(401);
    const stale = await world.slash({ user: "mallory", command: "join" }, { at: new Date(Date.now() - 6 * 60_000) });
    expect(stale.status).toBe(401);
    expect((await request("/api/chat/discord", { method: "POST", body: "{}" })).status).toBe(401);
    const signed = await signedDiscordInteraction({ guildId: world.guildId, user: "mallory", command: "join" });
    const tampered = await request("/api/chat/discord", {
      method: "POST",
      headers: signed.headers,
      body: signed.body.replace("mallory", "mallorz"),
    });
    expect(tampered.status).toBe(401);
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);

    // The same signed interaction sent again is a replay: refused, and it queues once.
    const first = await request("/api/chat/discord", { method: "POST", headers: signed.headers, body: signed.body });
    expect(first.status).toBe(200);
    const replay = await request("/api/chat/discord", { method: "POST", headers: signed.headers, body: signed.body });
    expect(replay.status).toBe(401);
    await until(async () => (await placesOf(world.liveSessionId)).length > 0);
    expect(await placesOf(world.liveSessionId)).toHaveLength(1);
  });

  it("/join is deferred and followed up; /position answers the member only, as the public view says; /queue at once", async () => {
    const world = await discordWorld();
    const joined = await world.slash({ user: "Alice", command: "join", options: { tag: "AliceTag" } });
    expect(await joined.json()).toEqual({ type: 5, data: { flags: 0 } });
    expect(await followUpsFor(world, 1)).toEqual([expect.stringMatching(/^@Alice you're in the queue: 1st in line/)]);
    await world.slash({ user: "Bob", command: "join" });
    await followUpsFor(world, 2);
    const places = await placesOf(world.liveSessionId);
    expect(places.map((p) => [p.gamertag, p.source])).toEqual([
      ["AliceTag", "discord"],
      ["Bob", "discord"],
    ]);
    const position = await world.slash({ user: "Bob", command: "position" });
    expect(await position.json()).toEqual({ type: 5, data: { flags: 64 } });
    const bob = await placeOf(env, world.liveSessionId, `chat-dc-${devDiscordId("Bob")}`);
    expect(bob?.place?.line).toBe(2);
    expect((await followUpsFor(world, 3))?.at(-1)).toMatch(/^@Bob you're 2nd in line/);

    const queue = await world.slash({ user: "Bob", command: "queue" });
    const answer = (await queue.json()) as { type: number; data: { content: string; flags: number } };
    expect(answer.type).toBe(4);
    expect(answer.data.content).toBe(
      `@Bob join the queue and watch it at http://localhost/@${world.streamer.username}`,
    );
  });

  it("the chosen role may /next and /remove, others may not", async () => {
    const world = await discordWorld({ modRoleId: "555" });
    await world.slash({ user: "One", command: "join", options: { tag: "OneTag" } });
    await followUpsFor(world, 1);
    await world.slash({ user: "Two", command: "join", options: { tag: "TwoTag" } });
    await followUpsFor(world, 2);
    await world.slash({ user: "Cheeky", command: "next", roles: ["111"] });
    expect(await followUpsFor(world, 3)).toContain("@Cheeky only moderators may do that");
    expect((await placesOf(world.liveSessionId)).every((p) => p.state === "waiting")).toBe(true);
    await world.slash({ user: "Moddy", command: "next", roles: ["555"] });
    expect(await followUpsFor(world, 4)).toContain("@Moddy called next: OneTag");
    await world.slash({ user: "Moddy", command: "remove", options: { fan: "TwoTag" }, roles: ["555"] });
    expect(await followUpsFor(world, 5)).toContain("@Moddy removed TwoTag from the queue");
    expect((await placesOf(world.liveSessionId)).map((p) => [p.gamertag, p.state])).toEqual([
      ["OneTag", "playing_next"],
      ["TwoTag", "removed"],
    ]);
    // The called member is told by DM, and confirms with /ready.
    const dms = await until(async () => {
      const all = await readDiscordOutbox(env.PRIVATE_FILES, devDiscordId("One"));
      return all.length > 0 ? all : undefined;
    });
    expect(dms?.[0]?.content).toMatch(
      new RegExp(`^You're up with .+: type /ready in ${world.guildName} within 2 min\\.$`),
    );
    await world.slash({ user: "One", command: "ready" });
    expect(await followUpsFor(world, 6)).toContain("@One ready confirmed: see you in the lobby");
  });

  it("answers only the member when the server is not connected or its commands are off", async () => {
    const world = await discordWorld();
    const elsewhere = await signedDiscordInteraction({ guildId: "123456789", user: "Lost", command: "join" });
    const lost = await request("/api/chat/discord", {
      method: "POST",
      headers: elsewhere.headers,
      body: elsewhere.body,
    });
    expect(await lost.json()).toMatchObject({
      type: 4,
      data: { flags: 64, content: expect.stringMatching(/not connected/) },
    });
    await db().update(chatConnections).set({ commandsOn: false }).where(eq(chatConnections.channelId, world.guildId));
    const off = await world.slash({ user: "Late", command: "join" });
    expect(await off.json()).toMatchObject({
      type: 4,
      data: { flags: 64, content: "The queue commands are off here" },
    });
    expect(await placesOf(world.liveSessionId)).toHaveLength(0);
  });

  it("a linked fan's Twitch !join and Discord /join are one place", async () => {
    const world = await discordWorld();
    const fan = await createUser(env.DB);
    await linkChatIdentity(env, viewerOf(fan), {
      platform: "twitch",
      platformUserId: devTwitchId("Both"),
      displayName: "Both",
    });
    await linkChatIdentity(env, viewerOf(fan), {
      platform: "discord",
      platformUserId: devDiscordId("Both"),
      displayName: "Both",
    });
    await world.type({ user: "Both", text: "!join BothTag" });
    await world.slash({ user: "Both", command: "join" });
    expect(await followUpsFor(world, 1)).toEqual(["@Both you are already in this queue"]);
    expect((await placesOf(world.liveSessionId)).map((p) => [p.userId, p.source])).toEqual([[fan.id, "twitch"]]);
  });

  it("the development chat sends a member's slash command through the signed endpoint and shows the answer", async () => {
    const world = await twitchWorld();
    const fields = { platform: "discord", channel: world.streamer.username, user: "Devy", text: "/join DevTag" };
    expect((await postForm("/dev/chat", fields)).status).toBe(302);
    const places = await until(async () => {
      const all = await placesOf(world.liveSessionId);
      return all.length > 0 ? all : undefined;
    });
    expect(places?.map((p) => [p.gamertag, p.source])).toEqual([["DevTag", "discord"]]);
    const page = await until(async () => {
      const html = await (await request(`/dev/chat?channel=${world.streamer.username}`)).text();
      return html.includes("@Devy you&#x27;re in the queue") || html.includes("@Devy you're in the queue")
        ? html
        : undefined;
    });
    expect(page).toContain(`${world.streamer.username}&#x27;s server`);
    const refused = await postForm("/dev/chat", { ...fields, text: "hello" });
    expect(refused.status).toBe(400);
  });
});
