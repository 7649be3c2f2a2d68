import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { placeOf, sendLiveCommand } from "~/features/live/index.server";
import { isAppError } from "~/lib/errors";
import { livePath } from "~/lib/paths.server";
import { getDb } from "~/platform/db.server";
import { ACTIVE_QUEUE_STATES, type ChatConnection, chatIdentities, queueEntries, users } from "~db/schema";
import { type ChatCommand, ordinal } from "./commands";
import { CHAT_COPY } from "./copy";
import { type ChatFan, chatViewerOf, viewerOfUser } from "./identities.server";
import type { ChatReply } from "./replies";

/**
 * One chat command of one viewer in a connected channel or server, run through the live queue's own use cases (the
 * session's Durable Object, `sendLiveCommand`), answered as the bot's reply to that viewer. Refusals (the cooldown,
 * a ban, a second place) are replies too: chat has no error page.
 */
export type ChatLine = {
  connection: Pick<ChatConnection, "streamerId" | "platform" | "commandsOn" | "state">;
  fan: ChatFan;
  command: ChatCommand;
  /** A Twitch moderator (badge), the broadcaster, or a member with the server's chosen role. */
  isModerator: boolean;
  /** The site's origin, for links. */
  origin: string;
};

/** The reply to one command, or null when the bot stays silent (commands off, the connection broken). */
export async function runChatCommand(env: Env, line: ChatLine): Promise<ChatReply | null> {
  const { connection, command, fan } = line;
  if (!connection.commandsOn || connection.state !== "connected") return null;
  const reply = (text: string, short = text): ChatReply => ({ to: fan.displayName, text, short });
  const streamer = await getDb(env).select().from(users).where(eq(users.id, connection.streamerId)).get();
  if (!streamer) return null;
  if (command.kind === "queue")
    return reply(CHAT_COPY.queueLink(`${line.origin}/@${streamer.username}`), "queue link sent");
  const liveSessionId = streamer.liveSessionId;
  if (!liveSessionId) return reply(CHAT_COPY.closed);
  try {
    switch (command.kind) {
      case "vip":
        return reply(CHAT_COPY.vipLink(`${line.origin}${livePath(liveSessionId)}`));
      case "join":
        return await join(env, line, liveSessionId, command.tag, reply);
      case "leave":
      case "position":
      case "ready":
        return await ownPlace(env, line, liveSessionId, command.kind, reply);
      case "next":
      case "remove":
        if (!line.isModerator) return reply(CHAT_COPY.modsOnly);
        return await moderate(env, viewerOfUser(streamer), liveSessionId, command, reply);
    }
  } catch (error) {
    if (isAppError(error)) return reply(lowerFirst(error.message));
    throw error;
  }
}

type Reply = (text: string, short?: string) => ChatReply;

async function join(env: Env, line: ChatLine, liveSessionId: string, tag: string | null, reply: Reply) {
  const { viewer } = await chatViewerOf(env, line.fan);
  const outcome = await sendLiveCommand(env, liveSessionId, {
    type: "joinRegular",
    viewer,
    gamertag: tag ?? line.fan.displayName,
    source: line.connection.platform,
  });
  const place = outcome.place;
  if (!place?.line) return reply(CHAT_COPY.calledNow);
  const at = ordinal(place.line);
  return reply(CHAT_COPY.joined(at, place.estimatedWaitMinutes), at);
}

async function ownPlace(
  env: Env,
  line: ChatLine,
  liveSessionId: string,
  kind: "leave" | "position" | "ready",
  reply: Reply,
) {
  const { viewer } = await chatViewerOf(env, line.fan);
  const place = (await placeOf(env, liveSessionId, viewer.id))?.place;
  if (!place) return reply(CHAT_COPY.notQueued);
  if (kind === "leave") {
    await sendLiveCommand(env, liveSessionId, { type: "leave", viewer, entryId: place.entryId });
    return reply(CHAT_COPY.left);
  }
  if (kind === "ready") {
    if (place.state !== "playing_next")
      return reply(CHAT_COPY.position(ordinal(place.line ?? 1), place.estimatedWaitMinutes));
    await sendLiveCommand(env, liveSessionId, { type: "ready", viewer, entryId: place.entryId });
    return reply(CHAT_COPY.ready);
  }
  if (place.state === "in_game") return reply(CHAT_COPY.inGame);
  if (place.state === "playing_next") return reply(CHAT_COPY.playingNext);
  const at = ordinal(place.line ?? 1);
  return reply(CHAT_COPY.position(at, place.estimatedWaitMinutes), at);
}

async function moderate(
  env: Env,
  streamer: Viewer,
  liveSessionId: string,
  command: Extract<ChatCommand, { kind: "next" | "remove" }>,
  reply: Reply,
) {
  if (command.kind === "next") {
    const outcome = await sendLiveCommand(env, liveSessionId, { type: "callParty", viewer: streamer, size: 1 });
    const called = outcome.notices.map((notice) => notice.userId);
    if (called.length === 0) return reply(CHAT_COPY.nobodyWaiting);
    const names = await getDb(env)
      .select({ tag: queueEntries.gamertag })
      .from(queueEntries)
      .where(
        and(
          eq(queueEntries.liveSessionId, liveSessionId),
          inArray(queueEntries.userId, called),
          inArray(queueEntries.state, [...ACTIVE_QUEUE_STATES]),
        ),
      );
    return reply(CHAT_COPY.calledNext(names.map((n) => n.tag ?? "a fan").join(", ")));
  }
  const name = command.name.toLowerCase();
  const entry = await getDb(env)
    .select({ id: queueEntries.id })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        inArray(queueEntries.state, [...ACTIVE_QUEUE_STATES]),
        or(
          sql`lower(${queueEntries.gamertag}) = ${name}`,
          inArray(
            queueEntries.userId,
            getDb(env)
              .select({ id: sql<string>`coalesce(${chatIdentities.userId}, ${chatIdentities.shadowUserId})` })
              .from(chatIdentities)
              .where(sql`lower(${chatIdentities.displayName}) = ${name}`),
          ),
        ),
      ),
    )
    .get();
  if (!entry) return reply(CHAT_COPY.noSuchFan(command.name));
  await sendLiveCommand(env, liveSessionId, { type: "remove", viewer: streamer, entryId: entry.id });
  return reply(CHAT_COPY.removed(command.name));
}

function lowerFirst(text: string) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
