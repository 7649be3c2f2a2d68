import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { newId } from "~/lib/id";
import { type DevInteraction, signedDiscordInteraction } from "~/platform/stand-ins/chat/discord.server";
import { readChatReplies } from "~/platform/stand-ins/chat/replies.server";
import { type DevChatLine, signedTwitchDelivery } from "~/platform/stand-ins/chat/twitch.server";
import { chatConnections } from "~db/schema";
import { request } from "./app";
import { liveWorld } from "./live-world";

/** A live streamer whose Twitch channel is connected, and a viewer typing in it through the signed webhook. */
export async function twitchWorld(options: Parameters<typeof liveWorld>[0] = {}) {
  const world = await liveWorld(options);
  const broadcasterId = String(100_000 + Math.floor(Math.random() * 900_000));
  const login = `chan${broadcasterId}`;
  await drizzle(env.DB).insert(chatConnections).values({
    id: newId(),
    streamerId: world.streamer.id,
    platform: "twitch",
    channelId: broadcasterId,
    channelName: login,
  });
  const type = async (line: Omit<DevChatLine, "broadcasterId" | "broadcasterLogin">, signing = {}) => {
    const delivery = await signedTwitchDelivery({ broadcasterId, broadcasterLogin: login, ...line }, signing);
    return request("/api/chat/twitch", { method: "POST", headers: delivery.headers, body: delivery.body });
  };
  const replies = async () => (await readChatReplies(env.PRIVATE_FILES, login)).map((reply) => reply.text);
  return { ...world, broadcasterId, login, type, replies };
}

/** The same live streamer with their Discord server connected, and a member typing slash commands in it. */
export async function discordWorld(options: Parameters<typeof liveWorld>[0] & { modRoleId?: string } = {}) {
  const world = await twitchWorld(options);
  const guildId = String(100_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e12)));
  const guildName = `Server ${guildId}`;
  await drizzle(env.DB)
    .insert(chatConnections)
    .values({
      id: newId(),
      streamerId: world.streamer.id,
      platform: "discord",
      channelId: guildId,
      channelName: guildName,
      modRoleId: options.modRoleId ?? null,
    });
  const slash = async (
    interaction: Omit<DevInteraction, "guildId">,
    signing: Parameters<typeof signedDiscordInteraction>[1] = {},
  ) => {
    const delivery = await signedDiscordInteraction({ guildId, ...interaction }, signing);
    return request("/api/chat/discord", { method: "POST", headers: delivery.headers, body: delivery.body });
  };
  const followUps = async () => (await readChatReplies(env.PRIVATE_FILES, guildName)).map((reply) => reply.text);
  return { ...world, guildId, guildName, slash, followUps };
}
