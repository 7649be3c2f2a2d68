import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { conflict, forbidden, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { discordGuild } from "~/platform/discord/interactions.server";
import { subscribeChatMessages } from "~/platform/twitch/oauth.server";
import { type ChatConnection, type ChatPlatform, chatConnections } from "~db/schema";
import { CHAT_COPY as M } from "./copy";
import type { DiscordServerDraft } from "./schema";

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
  if (!viewer.isStreamer) throw forbidden(M.streamersOnly);
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
async function assertNotTaken(env: Env, viewer: Viewer, platform: ChatPlatform, channelId: string) {
  const holder = await getDb(env)
    .select({ streamerId: chatConnections.streamerId })
    .from(chatConnections)
    .where(and(eq(chatConnections.platform, platform), eq(chatConnections.channelId, channelId)))
    .get();
  if (holder && holder.streamerId !== viewer.id) throw conflict(M.channelTaken);
}

/**
 * Connects (or reconnects) the streamer's channel or server: one row per streamer and platform, written whole, its
 * state connected again. A channel or server already connected by another streamer is refused.
 */
async function connect(
  env: Env,
  viewer: Viewer,
  row: Pick<ChatConnection, "platform" | "channelId" | "channelName"> &
    Partial<Pick<ChatConnection, "modRoleId" | "subscriptionId">>,
  now: Date,
) {
  await assertNotTaken(env, viewer, row.platform, row.channelId);
  const fresh = { ...row, state: "connected" as const, brokenReason: null, updatedAt: now };
  await getDb(env)
    .insert(chatConnections)
    .values({ id: newId(), streamerId: viewer.id, createdAt: now, ...fresh })
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
  await assertNotTaken(env, viewer, "twitch", channel.broadcasterId);
  const subscriptionId = await subscribeChatMessages(env, channel.broadcasterId, `${origin}/api/chat/twitch`);
  await connect(
    env,
    viewer,
    { platform: "twitch", channelId: channel.broadcasterId, channelName: channel.login.toLowerCase(), subscriptionId },
    now,
  );
}

/** The streamer's Discord server by its id, and the role whose members may /next and /remove. */
export async function connectDiscordServer(env: Env, viewer: Viewer, draft: DiscordServerDraft, now = new Date()) {
  assertStreamer(viewer);
  const guild = await discordGuild(env, draft.guildId);
  if (!guild) throw conflict(M.botNotInServer, "guildId");
  await connect(
    env,
    viewer,
    { platform: "discord", channelId: draft.guildId, channelName: guild.name, modRoleId: draft.modRoleId ?? null },
    now,
  );
}

/** The streamer turns a platform's commands on or off (the bot then stays silent there). */
export async function setChatCommands(env: Env, viewer: Viewer, platform: ChatPlatform, on: boolean, now = new Date()) {
  assertStreamer(viewer);
  const changed = await getDb(env)
    .update(chatConnections)
    .set({ commandsOn: on, updatedAt: now })
    .where(and(eq(chatConnections.streamerId, viewer.id), eq(chatConnections.platform, platform)))
    .returning({ id: chatConnections.id });
  if (changed.length === 0) throw notFound(M.notConnectedYet);
}

/** The streamer disconnects a platform: its row goes (the fans' places and identities stay). */
export async function disconnectChat(env: Env, viewer: Viewer, platform: ChatPlatform) {
  assertStreamer(viewer);
  const gone = await getDb(env)
    .delete(chatConnections)
    .where(and(eq(chatConnections.streamerId, viewer.id), eq(chatConnections.platform, platform)))
    .returning({ id: chatConnections.id });
  if (gone.length === 0) throw notFound(M.notConnectedYet);
}
