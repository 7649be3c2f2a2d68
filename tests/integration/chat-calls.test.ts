import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { runChatCommand, tellCalledChatFan } from "~/features/chat/index.server";
import { readBroadcast, sendLiveCommand } from "~/features/live/index.server";
import { newId } from "~/lib/id";
import { readDiscordOutbox, setDevDmsClosed } from "~/platform/stand-ins/discord/outbox.server";
import { chatConnections, queueEntries } from "~db/schema";
import { viewerOf } from "../factories";
import { twitchWorld } from "./chat-world";
import { get, liveFan, until } from "./live-world";

const db = () => drizzle(env.DB);
const placesOf = (liveSessionId: string) =>
  db().select().from(queueEntries).where(eq(queueEntries.liveSessionId, liveSessionId)).orderBy(queueEntries.position);

describe("a chat fan called to play next is told in chat", () => {
  it("the streamer's call from the dashboard is said in the Twitch channel, and !ready confirms it", async () => {
    const world = await twitchWorld();
    await world.type({ user: "Chatter", text: "!join ChatTag" });
    const [place] = await placesOf(world.liveSessionId);
    if (!place) throw new Error("no place");
    await sendLiveCommand(env, world.liveSessionId, {
      type: "serve",
      viewer: viewerOf(world.streamer),
      entryId: place.id,
      to: "playing_next",
    });
    const said = await until(async () => {
      const all = await world.replies();
      return all.find((text) => text.includes("you're up")) ? all : undefined;
    });
    expect(said).toContain(`@Chatter you're up: type !ready within 2 min`);
    await world.type({ user: "Chatter", text: "!ready" });
    expect((await placesOf(world.liveSessionId))[0]?.readyConfirmedAt).not.toBeNull();
  });

  it("says nothing in chat for a fan who joined on the site, or when the streamer turned the commands off", async () => {
    const world = await twitchWorld();
    const fan = await liveFan();
    await sendLiveCommand(env, world.liveSessionId, {
      type: "joinRegular",
      viewer: viewerOf(fan.user),
      gamertag: "WebTag",
    });
    await world.type({ user: "Quiet", text: "!join QuietTag" });
    const before = await until(async () => {
      const all = await world.replies();
      return all.length >= 1 ? all : undefined;
    });
    await db()
      .update(chatConnections)
      .set({ commandsOn: false })
      .where(eq(chatConnections.channelId, world.broadcasterId));
    await sendLiveCommand(env, world.liveSessionId, { type: "callParty", viewer: viewerOf(world.streamer), size: 2 });
    expect((await placesOf(world.liveSessionId)).map((p) => [p.gamertag, p.source, p.state])).toEqual([
      ["WebTag", "web", "playing_next"],
      ["QuietTag", "twitch", "playing_next"],
    ]);
    expect(await world.replies()).toEqual(before);
  });

  it("a Discord fan called in a party hears it by DM, naming the server and the command", async () => {
    const world = await twitchWorld();
    const guildId = String(Date.now());
    const [connection] = await db()
      .insert(chatConnections)
      .values({
        id: newId(),
        streamerId: world.streamer.id,
        platform: "discord",
        channelId: guildId,
        channelName: "Star's server",
      })
      .returning();
    if (!connection) throw new Error("no connection");
    const memberId = String(Date.now() + 7);
    const joined = await runChatCommand(env, {
      connection,
      fan: { platform: "discord", platformUserId: memberId, displayName: "discy" },
      command: { kind: "join", tag: "DiscTag" },
      isModerator: false,
      origin: "http://localhost",
    });
    expect(joined?.text).toMatch(/^you're in the queue: 1st/);
    await sendLiveCommand(env, world.liveSessionId, { type: "callParty", viewer: viewerOf(world.streamer), size: 1 });
    const dms = await until(async () => {
      const all = await readDiscordOutbox(env.PRIVATE_FILES, memberId);
      return all.length > 0 ? all : undefined;
    });
    expect(dms?.map((dm) => dm.content)).toEqual([
      `You're up with ${world.streamer.fullName || world.streamer.username}: type /ready in Star's server within 2 min.`,
    ]);
    // The Twitch channel hears nothing of a Discord place.
    expect(await world.replies()).toEqual([]);
  });

  it("a Discord fan who turned off DMs is still called (the countdown runs), and the refused DM is reported, then reaches them once opened", async () => {
    const world = await twitchWorld();
    const guildId = String(Date.now() + 11);
    const [connection] = await db()
      .insert(chatConnections)
      .values({
        id: newId(),
        streamerId: world.streamer.id,
        platform: "discord",
        channelId: guildId,
        channelName: "Quiet server",
      })
      .returning();
    if (!connection) throw new Error("no connection");
    const memberId = String(Date.now() + 13);
    await setDevDmsClosed(env.PRIVATE_FILES, memberId, true);
    await runChatCommand(env, {
      connection,
      fan: { platform: "discord", platformUserId: memberId, displayName: "shy" },
      command: { kind: "join", tag: "ShyTag" },
      isModerator: false,
      origin: "http://localhost",
    });
    await sendLiveCommand(env, world.liveSessionId, { type: "callParty", viewer: viewerOf(world.streamer), size: 1 });
    const [place] = await placesOf(world.liveSessionId);
    expect(place?.state).toBe("playing_next");
    expect(place?.readyDeadline).toBeTruthy();
    const call = {
      entryId: place?.id ?? "",
      userId: place?.userId ?? "",
      liveSessionId: world.liveSessionId,
      streamerName: "Star",
      secondsLeft: 120,
    };
    expect(await tellCalledChatFan(env, call)).toBe("dm_refused");
    expect(await readDiscordOutbox(env.PRIVATE_FILES, memberId)).toEqual([]);
    // Opened again, the same call reaches them.
    await setDevDmsClosed(env.PRIVATE_FILES, memberId, false);
    expect(await tellCalledChatFan(env, call)).toBe("dm");
    expect((await readDiscordOutbox(env.PRIVATE_FILES, memberId)).map((dm) => dm.content)).toEqual([
      "You're up with Star: type /ready in Quiet server within 2 min.",
    ]);
  });

  it("the queue dashboard and the overlay say where each fan joined from", async () => {
    const world = await twitchWorld();
    const fan = await liveFan();
    await sendLiveCommand(env, world.liveSessionId, {
      type: "joinRegular",
      viewer: viewerOf(fan.user),
      gamertag: "WebTag",
    });
    await world.type({ user: "Twitchy", text: "!join TwitchTag" });
    const broadcast = await readBroadcast(env, world.liveSessionId, 0);
    expect(broadcast.streamerPayload().entries.map((entry) => [entry.gamertag, entry.source])).toEqual([
      ["WebTag", "web"],
      ["TwitchTag", "twitch"],
    ]);
    expect(broadcast.overlayPayload().next.map((place) => [place.name, place.source])).toEqual([
      ["WebTag", "web"],
      ["TwitchTag", "twitch"],
    ]);
    const dashboard = await get(`/influencer/live/session/${world.liveSessionId}`, world.streamerCookie);
    const html = await dashboard.text();
    expect(html).toMatch(/data-testid="joined-from"[^>]*>Web</);
    expect(html).toMatch(/data-testid="joined-from"[^>]*>Twitch</);
  });
});
