import { and, eq, lt } from "drizzle-orm";
import { AppError, badRequest } from "~/lib/errors";
import { afterResponse } from "~/platform/after-response.server";
import { getDb } from "~/platform/db.server";
import {
  checkInteraction,
  DISCORD_MAX_AGE_MS,
  discordFollowUps,
  discordPublicKey,
} from "~/platform/discord/interactions.server";
import { log } from "~/platform/log.server";
import { recordDiscordReply } from "~/platform/twitch/chat.server";
import { type ChatConnection, chatConnections, chatDeliveries } from "~db/schema";
import type { ChatCommand } from "./commands";
import { CHAT_TAG_MAX } from "./commands";
import { proveDiscordServer } from "./connections.server";
import { CHAT_COPY } from "./copy";
import { runChatCommand } from "./handle.server";
import type { ChatReply } from "./replies";

/**
 * Discord's interactions endpoint (docs/domain.md "Chat places"): a slash command in a connected server becomes the
 * same chat command as a Twitch line. Each request is verified (Ed25519, five-minute window) and its interaction id
 * kept, so a replayed request is refused; PING is answered PONG. `/queue` and `/vip` are answered at once; the
 * commands that go through the session's Durable Object are answered "deferred" (Discord waits three seconds at
 * most) and the answer then edits that reply. `/position` is answered to the member only (flags 64).
 */
export type DiscordAnswer = { body: Record<string, unknown> };

type Interaction = {
  id?: string;
  type?: number;
  token?: string;
  guild_id?: string;
  data?: { name?: string; options?: { name: string; value: unknown }[] };
  member?: {
    user?: { id: string; username?: string; global_name?: string | null };
    nick?: string | null;
    roles?: string[];
    permissions?: string;
  };
};

const PONG = 1;
const MESSAGE = 4;
const DEFERRED = 5;
const EPHEMERAL = 64;
/** Discord's ADMINISTRATOR permission: a server's admins may always /next and /remove. */
const ADMINISTRATOR = 8n;

const ephemeral = (content: string): DiscordAnswer => ({
  body: { type: MESSAGE, data: { content, flags: EPHEMERAL, allowed_mentions: { parse: [] } } },
});

/** The chat command of a slash command, or null when it is not one of ours. */
function slashCommand(data: Interaction["data"]): ChatCommand | null {
  const option = (name: string) => {
    const value = data?.options?.find((o) => o.name === name)?.value;
    return typeof value === "string" && value.trim() ? value.trim().slice(0, CHAT_TAG_MAX) : null;
  };
  switch (data?.name) {
    case "join":
      return { kind: "join", tag: option("tag") };
    case "leave":
    case "position":
    case "queue":
    case "vip":
    case "ready":
    case "next":
      return { kind: data.name };
    case "remove": {
      const name = option("fan")?.replace(/^@/, "");
      return name ? { kind: "remove", name } : null;
    }
    default:
      return null;
  }
}

export async function receiveDiscordInteraction(
  env: Env,
  delivery: { headers: Headers; body: string; origin: string },
  now = new Date(),
): Promise<DiscordAnswer> {
  const check = await checkInteraction(delivery.headers, delivery.body, discordPublicKey(env), now.getTime());
  if (!check.ok) throw new AppError(401, check.reason === "stale" ? CHAT_COPY.staleMessage : CHAT_COPY.badSignature);
  let interaction: Interaction;
  try {
    interaction = JSON.parse(delivery.body) as Interaction;
  } catch {
    throw badRequest("The body is not JSON");
  }
  if (interaction.type === 1) return { body: { type: PONG } };
  if (!interaction.id || !interaction.token) throw badRequest("Not an interaction");
  const db = getDb(env);
  const [kept] = await db.batch([
    db
      .insert(chatDeliveries)
      .values({ id: `discord:${interaction.id}`, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: chatDeliveries.id }),
    db.delete(chatDeliveries).where(lt(chatDeliveries.receivedAt, new Date(now.getTime() - 2 * DISCORD_MAX_AGE_MS))),
  ]);
  if (kept.length === 0) throw new AppError(401, CHAT_COPY.alreadyHandled);
  if (interaction.type !== 2) return ephemeral(CHAT_COPY.unknownCommand);
  const user = interaction.member?.user;
  if (!interaction.guild_id || !interaction.member || !user) return ephemeral(CHAT_COPY.serverOnly);
  if (interaction.data?.name === "connect") return connectServer(env, interaction.guild_id, interaction, now);
  const connection = await db
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.platform, "discord"), eq(chatConnections.channelId, interaction.guild_id)))
    .get();
  if (!connection) return ephemeral(CHAT_COPY.notConnected);
  const command = slashCommand(interaction.data);
  if (!command) return ephemeral(CHAT_COPY.unknownCommand);
  if (!connection.commandsOn || connection.state !== "connected") return ephemeral(CHAT_COPY.commandsOff);
  const member = interaction.member;
  const line = {
    connection,
    fan: {
      platform: "discord" as const,
      platformUserId: user.id,
      displayName: member.nick || user.global_name || user.username || user.id,
    },
    command,
    isModerator: isModerator(connection, member),
    origin: delivery.origin,
  };
  const flags = command.kind === "position" ? EPHEMERAL : 0;
  if (command.kind === "queue" || command.kind === "vip") {
    const content = said(await runChatCommand(env, line));
    await recordDiscordReply(env, {
      platform: "discord",
      channelId: connection.channelId,
      channel: connection.channelName,
      text: content,
    });
    return { body: { type: MESSAGE, data: { content, flags, allowed_mentions: { parse: [] } } } };
  }
  const token = interaction.token;
  afterResponse(async () => {
    let content: string;
    try {
      content = said(await runChatCommand(env, line));
    } catch (error) {
      log.error("chat.discord_command_failed", { guildId: connection.channelId, error });
      content = `@${line.fan.displayName} ${CHAT_COPY.failed}`;
    }
    await discordFollowUps(env).editOriginal({
      token,
      guildId: connection.channelId,
      guildName: connection.channelName,
      content,
    });
  });
  return { body: { type: DEFERRED, data: { flags } } };
}

/** `/connect code:<code>`: the server proven the streamer's (connections.server.ts), answered to the member only. */
async function connectServer(env: Env, guildId: string, interaction: Interaction, now: Date): Promise<DiscordAnswer> {
  const code = interaction.data?.options?.find((o) => o.name === "code")?.value;
  try {
    const { streamerName } = await proveDiscordServer(
      env,
      { code: typeof code === "string" ? code : "", guildId, permissions: interaction.member?.permissions },
      now,
    );
    return ephemeral(CHAT_COPY.discordConnectedHere(streamerName));
  } catch (error) {
    if (error instanceof AppError) return ephemeral(error.message);
    throw error;
  }
}

function said(reply: ChatReply | null): string {
  return reply ? `@${reply.to} ${reply.text}` : CHAT_COPY.commandsOff;
}

function isModerator(connection: ChatConnection, member: NonNullable<Interaction["member"]>): boolean {
  if (connection.modRoleId && (member.roles ?? []).includes(connection.modRoleId)) return true;
  try {
    return (BigInt(member.permissions ?? "0") & ADMINISTRATOR) === ADMINISTRATOR;
  } catch {
    return false;
  }
}
