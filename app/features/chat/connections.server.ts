import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { discordGuild } from "~/platform/discord/interactions.server";
import { log } from "~/platform/log.server";
import { subscribeChatMessages, unsubscribeChatMessages } from "~/platform/twitch/oauth.server";
import { type ChatConnection, type ChatPlatform, chatConnections, users } from "~db/schema";
import { CHAT_COPY } from "./copy";
import { managesServer, streamerOfConnectCode } from "./discord-proof.server";
import type { DiscordRoleDraft } from "./schema";

/**
 * The streamer's chat connections (docs/domain.md "Chat places"): one Twitch channel and one Discord server each,
 * connected from the Chat page, with their commands on or off and their state (broken after Twitch revoked the
 * subscription: connecting again mends it). Each use case checks the viewer is a streamer and acts on their own rows
 * only.
 */
export type ChatConnectionView = Pick<
  ChatConnection,
  "platform" | "channelId" | "channelName" | "commandsOn" | "state" | "brokenReason" | "modRoleId"
>;

function assertStreamer(viewer: Viewer) {
  if (!viewer.isStreamer) throw forbidden(CHAT_COPY.streamersOnly);
}

/** The streamer's connections, by platform (null: not connected). */
export async function chatConnectionsOf(env: Env, viewer: Viewer) {
  assertStreamer(viewer);
  const rows = await getDb(env).select().from(chatConnections).where(eq(chatConnections.streamerId, viewer.id));
  const view = (platform: ChatPlatform): ChatConnectionView | null => {
    const row = rows.find((r) => r.platform === platform);
    return row
      ? {
          platform,
          channelId: row.channelId,
          channelName: row.channelName,
          commandsOn: row.commandsOn,
          state: row.state,
          brokenReason: row.brokenReason,
          modRoleId: row.modRoleId,
        }
      : null;
  };
  return { twitch: view("twitch"), discord: view("discord") };
}

/** A channel or server already connected by another streamer is theirs. */
async function assertNotTaken(env: Env, streamerId: string, platform: ChatPlatform, channelId: string) {
  const holder = await getDb(env)
    .select({ streamerId: chatConnections.streamerId })
    .from(chatConnections)
    .where(and(eq(chatConnections.platform, platform), eq(chatConnections.channelId, channelId)))
    .get();
  if (holder && holder.streamerId !== streamerId) throw conflict(CHAT_COPY.channelTaken);
}

/**
 * Connects (or reconnects) the streamer's channel or server: one row per streamer and platform, written whole, its
 * state connected again. A channel or server already connected by another streamer is refused.
 */
async function connect(
  env: Env,
  streamerId: string,
  row: Pick<ChatConnection, "platform" | "channelId" | "channelName"> &
    Partial<Pick<ChatConnection, "modRoleId" | "subscriptionId">>,
  now: Date,
) {
  await assertNotTaken(env, streamerId, row.platform, row.channelId);
  const fresh = { ...row, state: "connected" as const, brokenReason: null, updatedAt: now };
  await getDb(env)
    .insert(chatConnections)
    .values({ id: newId(), streamerId, createdAt: now, ...fresh })
    .onConflictDoUpdate({ target: [chatConnections.streamerId, chatConnections.platform], set: fresh });
}

/**
 * After the streamer's Twitch OAuth: their channel (the broadcaster's id and login). Checked first (a streamer; the
 * channel not another streamer's), then subscribed to its chat lines (EventSub to `<origin>/api/chat/twitch`), then
 * written, connected again if it had broken.
 */
export async function connectTwitchChannel(
  env: Env,
  viewer: Viewer,
  channel: { broadcasterId: string; login: string },
  origin: string,
  now = new Date(),
) {
  assertStreamer(viewer);
  await assertNotTaken(env, viewer.id, "twitch", channel.broadcasterId);
  const subscriptionId = await subscribeChatMessages(env, channel.broadcasterId, `${origin}/api/chat/twitch`);
  await connect(
    env,
    viewer.id,
    { platform: "twitch", channelId: channel.broadcasterId, channelName: channel.login.toLowerCase(), subscriptionId },
    now,
  );
}

/**
 * `/connect code:<code>` typed in a Discord server: the server becomes the streamer's whose code it is, when the code
 * is good and Discord says the member manages the server (its owner, an administrator or Manage Server). Discord
 * names the server and the member's permissions in the signed interaction, so a streamer cannot connect someone
 * else's server. Connecting a different server than before clears the mod role (a role id is a server's own).
 * Answers the streamer's handle, for the reply.
 */
export async function proveDiscordServer(
  env: Env,
  proof: { code: string; guildId: string; permissions: string | undefined },
  now = new Date(),
): Promise<{ streamerName: string; serverName: string }> {
  const streamerId = await streamerOfConnectCode(env, proof.code, now);
  if (!streamerId) throw forbidden(CHAT_COPY.connectCodeInvalid);
  if (!managesServer(proof.permissions)) throw forbidden(CHAT_COPY.connectNeedsManager);
  const db = getDb(env);
  const streamer = await db
    .select({ username: users.username, isStreamer: users.isStreamer })
    .from(users)
    .where(eq(users.id, streamerId))
    .get();
  if (!streamer?.isStreamer) throw forbidden(CHAT_COPY.connectCodeInvalid);
  const guild = await discordGuild(env, proof.guildId);
  if (!guild) throw conflict(CHAT_COPY.botNotInServer);
  const before = await db
    .select({ channelId: chatConnections.channelId })
    .from(chatConnections)
    .where(and(eq(chatConnections.streamerId, streamerId), eq(chatConnections.platform, "discord")))
    .get();
  await connect(
    env,
    streamerId,
    {
      platform: "discord",
      channelId: proof.guildId,
      channelName: guild.name,
      ...(before && before.channelId !== proof.guildId ? { modRoleId: null } : {}),
    },
    now,
  );
  return { streamerName: streamer.username, serverName: guild.name };
}

/** The role whose members may /next and /remove in the streamer's connected server (none: admins only). */
export async function setDiscordModRole(env: Env, viewer: Viewer, draft: DiscordRoleDraft, now = new Date()) {
  assertStreamer(viewer);
  const changed = await getDb(env)
    .update(chatConnections)
    .set({ modRoleId: draft.modRoleId ?? null, updatedAt: now })
    .where(and(eq(chatConnections.streamerId, viewer.id), eq(chatConnections.platform, "discord")))
    .returning({ id: chatConnections.id });
  if (changed.length === 0) throw notFound(CHAT_COPY.notConnectedYet);
}

/** The streamer turns a platform's commands on or off (the bot then stays silent there). */
export async function setChatCommands(env: Env, viewer: Viewer, platform: ChatPlatform, on: boolean, now = new Date()) {
  assertStreamer(viewer);
  const changed = await getDb(env)
    .update(chatConnections)
    .set({ commandsOn: on, updatedAt: now })
    .where(and(eq(chatConnections.streamerId, viewer.id), eq(chatConnections.platform, platform)))
    .returning({ id: chatConnections.id });
  if (changed.length === 0) throw notFound(CHAT_COPY.notConnectedYet);
}

/**
 * The streamer disconnects a platform: its row goes (the fans' places and identities stay), and Twitch's chat
 * subscription is deleted so Twitch stops delivering the channel's chat. When Twitch fails to answer, the disconnect
 * stands (logged): a line still delivered for a channel nobody connected deletes its subscription then
 * (`endOrphanSubscription`).
 */
export async function disconnectChat(env: Env, viewer: Viewer, platform: ChatPlatform) {
  assertStreamer(viewer);
  const gone = await getDb(env)
    .delete(chatConnections)
    .where(and(eq(chatConnections.streamerId, viewer.id), eq(chatConnections.platform, platform)))
    .returning({ id: chatConnections.id, subscriptionId: chatConnections.subscriptionId });
  if (gone.length === 0) throw notFound(CHAT_COPY.notConnectedYet);
  for (const { subscriptionId } of gone) if (subscriptionId) await endOrphanSubscription(env, subscriptionId);
}

/** Deletes a Twitch chat subscription no connection needs any more; a failure is logged, not thrown. */
export async function endOrphanSubscription(env: Env, subscriptionId: string, fetcher?: typeof fetch) {
  try {
    await unsubscribeChatMessages(env, subscriptionId, fetcher);
  } catch (error) {
    log.warn("chat.twitch_unsubscribe_failed", { subscriptionId, error });
  }
}
