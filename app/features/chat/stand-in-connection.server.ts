import { and, eq, sql } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { isProduction } from "~/platform/env.server";
import { type ChatConnection, type ChatPlatform, chatConnections, users } from "~db/schema";

/**
 * Development only (the /dev/chat page): the streamer's Twitch channel or Discord server as the local stand-ins know
 * it, made on first use (a channel named after their handle; a server named "<handle>'s server"), so typing as a
 * viewer works before the dashboard's connect step. Refused in production. On the stand-in's Discord, the member named
 * like the streamer is the server's owner (so their `/connect` proves it).
 */
export async function standInChatConnection(
  env: Env,
  platform: ChatPlatform,
  handle: string,
  now = new Date(),
): Promise<ChatConnection> {
  const channel = await standInChannel(env, platform, handle);
  const db = getDb(env);
  const found = await db
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.streamerId, channel.streamerId), eq(chatConnections.platform, platform)))
    .get();
  if (found) return found;
  const [made] = await db
    .insert(chatConnections)
    .values({ id: newId(), platform, ...channel, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return made ?? (await standInChatConnection(env, platform, handle, now));
}

/**
 * The streamer's channel or server as the stand-ins know it, whether connected or not (a Discord `/connect` typed on
 * the development page goes to this server before it is connected). Refused in production.
 */
export async function standInChannel(env: Env, platform: ChatPlatform, handle: string) {
  if (isProduction(env)) throw notFound();
  const streamer = await getDb(env)
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${handle.trim().toLowerCase()}`, eq(users.isStreamer, true)))
    .get();
  if (!streamer) throw notFound("No streamer has that handle");
  const number = parseInt(streamer.id.replace(/[^0-9a-f]/gi, "").slice(0, 12) || "1", 16);
  return {
    streamerId: streamer.id,
    channelId: platform === "twitch" ? String(number) : String(100_000_000_000_000_000n + BigInt(number)),
    channelName: platform === "twitch" ? streamer.username.toLowerCase() : `${streamer.username}'s server`,
  };
}
