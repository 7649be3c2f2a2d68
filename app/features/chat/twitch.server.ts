import { and, eq, lt } from "drizzle-orm";
import { AppError, badRequest } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { checkEventSub, EVENTSUB_MAX_AGE_MS, eventSubSecret } from "~/platform/twitch/eventsub.server";
import { chatConnections, chatDeliveries } from "~db/schema";
import { parseChatCommand } from "./commands";
import { endOrphanSubscription } from "./connections.server";
import { CHAT_COPY } from "./copy";
import { runChatCommand } from "./handle.server";
import { sayInChannel } from "./say.server";

/**
 * Twitch's EventSub webhook (docs/domain.md "Chat places"): a delivery is verified (signature, ten-minute window),
 * kept by its message id so a repeat is dropped, then handled by its type: the verification challenge is answered,
 * a revocation marks the channel's connection broken (the dashboard says so), a `channel.chat.message` runs the
 * viewer's command and the bot's reply goes to the channel's ChatReplies object.
 */
export type TwitchAnswer =
  | { kind: "challenge"; challenge: string }
  | { kind: "handled" }
  | { kind: "duplicate" }
  | { kind: "ignored" };

type ChatMessageEvent = {
  broadcaster_user_id: string;
  broadcaster_user_login: string;
  chatter_user_id: string;
  chatter_user_name: string;
  chatter_user_login?: string;
  message_id?: string;
  message: { text: string };
  badges?: { set_id: string }[];
  /** Shared chat: the channel the message was sent in, when it is not this one. */
  source_broadcaster_user_id?: string | null;
};

type Delivery = {
  challenge?: string;
  subscription?: { id: string; type: string; status?: string; condition?: { broadcaster_user_id?: string } };
  event?: ChatMessageEvent;
};

/** Keeps deliveries' ids for an hour (the window refuses older deliveries anyway). */
const KEEP_IDS_MS = 6 * EVENTSUB_MAX_AGE_MS;

export async function receiveTwitchDelivery(
  env: Env,
  delivery: { headers: Headers; body: string; origin: string },
  now = new Date(),
): Promise<TwitchAnswer> {
  const check = await checkEventSub(delivery.headers, delivery.body, eventSubSecret(env), now.getTime());
  if (!check.ok) throw new AppError(403, check.reason === "stale" ? CHAT_COPY.staleMessage : CHAT_COPY.badSignature);
  let payload: Delivery;
  try {
    payload = JSON.parse(delivery.body) as Delivery;
  } catch {
    throw badRequest("The body is not JSON");
  }
  const db = getDb(env);
  const [kept] = await db.batch([
    db
      .insert(chatDeliveries)
      .values({ id: `twitch:${check.id}`, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: chatDeliveries.id }),
    db.delete(chatDeliveries).where(lt(chatDeliveries.receivedAt, new Date(now.getTime() - KEEP_IDS_MS))),
  ]);
  if (kept.length === 0) return { kind: "duplicate" };
  switch (check.type) {
    case "webhook_callback_verification":
      if (typeof payload.challenge !== "string") throw badRequest("No challenge");
      return { kind: "challenge", challenge: payload.challenge };
    case "revocation":
      await markRevoked(env, payload, now);
      return { kind: "handled" };
    case "notification":
      if (payload.subscription?.type !== "channel.chat.message" || !payload.event) return { kind: "ignored" };
      try {
        return await chatMessage(env, payload.event, delivery.origin, payload.subscription.id);
      } catch (error) {
        // Not handled: forget the id so Twitch's redelivery is handled, not dropped as a repeat.
        await db.delete(chatDeliveries).where(eq(chatDeliveries.id, `twitch:${check.id}`));
        throw error;
      }
    default:
      return { kind: "ignored" };
  }
}

async function markRevoked(env: Env, payload: Delivery, now: Date) {
  const broadcasterId = payload.subscription?.condition?.broadcaster_user_id;
  if (!broadcasterId) return;
  await getDb(env)
    .update(chatConnections)
    .set({ state: "broken", brokenReason: payload.subscription?.status ?? "revoked", updatedAt: now })
    .where(and(eq(chatConnections.platform, "twitch"), eq(chatConnections.channelId, broadcasterId)));
  log.warn("chat.twitch_revoked", { broadcasterId, status: payload.subscription?.status });
}

async function chatMessage(
  env: Env,
  event: ChatMessageEvent,
  origin: string,
  subscriptionId: string,
): Promise<TwitchAnswer> {
  // Shared chat: a message sent in a partner's channel reaches ours too; only our own channel's viewers count.
  if (event.source_broadcaster_user_id && event.source_broadcaster_user_id !== event.broadcaster_user_id)
    return { kind: "ignored" };
  if (env.TWITCH_BOT_USER_ID && event.chatter_user_id === env.TWITCH_BOT_USER_ID) return { kind: "ignored" };
  const command = parseChatCommand(event.message?.text ?? "");
  if (!command) return { kind: "ignored" };
  const connection = await getDb(env)
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.platform, "twitch"), eq(chatConnections.channelId, event.broadcaster_user_id)))
    .get();
  if (!connection) {
    // A channel nobody connects any more (its disconnect could not reach Twitch): end its subscription now.
    await endOrphanSubscription(env, subscriptionId);
    return { kind: "ignored" };
  }
  const badges = new Set((event.badges ?? []).map((badge) => badge.set_id));
  const reply = await runChatCommand(env, {
    connection,
    fan: { platform: "twitch", platformUserId: event.chatter_user_id, displayName: event.chatter_user_name },
    command,
    isModerator:
      badges.has("moderator") || badges.has("broadcaster") || event.chatter_user_id === event.broadcaster_user_id,
    origin,
  });
  if (!reply) return { kind: "ignored" };
  await sayInChannel(
    env,
    { platform: "twitch", channelId: connection.channelId, channel: connection.channelName },
    reply,
  );
  return { kind: "handled" };
}
