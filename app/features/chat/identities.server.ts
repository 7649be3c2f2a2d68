import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { conflict, isAppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import {
  ACTIVE_QUEUE_STATES,
  type ChatPlatform,
  chatIdentities,
  queueEntries,
  queueEvents,
  type User,
  users,
} from "~db/schema";
import { CHAT_COPY } from "./copy";

/**
 * Chat identities (docs/decisions/028-chat-places-and-identities.md): a viewer of one platform, who may join a
 * live queue's free lane with no Noobrd account. Each identity has its own account-less user row (the "shadow"),
 * which holds its places; once the fan links the identity to their account, it queues as that account.
 */

/** A chat viewer as the platform names them. */
export type ChatFan = { platform: ChatPlatform; platformUserId: string; displayName: string };

/** The identity's shadow user: a fixed id and a username no sign-up can take ("~" is refused there). */
function shadowOf(fan: ChatFan) {
  const short = fan.platform === "twitch" ? "tw" : "dc";
  return { id: `chat-${short}-${fan.platformUserId}`, username: `~${short}.${fan.platformUserId}`.slice(0, 32) };
}

/** Platform user ids are digits (Twitch ids, Discord snowflakes). */
const PLATFORM_ID = /^[0-9]{1,20}$/;

/**
 * The identity of a chat viewer, made on first sight with its shadow user in one batch (both inserts idempotent:
 * two first messages at once make one of each), its display name kept current.
 */
async function chatIdentityOf(env: Env, fan: ChatFan, now = new Date()) {
  if (!PLATFORM_ID.test(fan.platformUserId)) throw conflict(CHAT_COPY.unknownViewer);
  const db = getDb(env);
  const displayName = fan.displayName.trim().slice(0, 64) || fan.platformUserId;
  const found = await db
    .select()
    .from(chatIdentities)
    .where(and(eq(chatIdentities.platform, fan.platform), eq(chatIdentities.platformUserId, fan.platformUserId)))
    .get();
  if (found) {
    if (found.displayName !== displayName)
      await db.update(chatIdentities).set({ displayName, updatedAt: now }).where(eq(chatIdentities.id, found.id));
    return { ...found, displayName };
  }
  const shadow = shadowOf(fan);
  const id = `${shadow.id}-identity`;
  await db.batch([
    db
      .insert(users)
      .values({ id: shadow.id, username: shadow.username, fullName: displayName, createdAt: now, updatedAt: now })
      .onConflictDoNothing(),
    db
      .insert(chatIdentities)
      .values({
        id,
        platform: fan.platform,
        platformUserId: fan.platformUserId,
        displayName,
        shadowUserId: shadow.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  ]);
  const made = await db.select().from(chatIdentities).where(eq(chatIdentities.shadowUserId, shadow.id)).get();
  if (!made) throw new Error("chat identity not written");
  return made;
}

/**
 * Who a chat viewer queues as: their linked account, else the identity's shadow user, as a Viewer for the live
 * queue's use cases (which check the rest: staff, the session's own streamer, the cooldown). A banned account
 * (inactive) is refused here: a chat join obeys the same ban as the site.
 */
export async function chatViewerOf(env: Env, fan: ChatFan, now = new Date()) {
  const identity = await chatIdentityOf(env, fan, now);
  const user = await getDb(env)
    .select()
    .from(users)
    .where(eq(users.id, identity.userId ?? identity.shadowUserId))
    .get();
  if (!user) throw new Error("chat identity without its user");
  if (!user.isActive) throw conflict(CHAT_COPY.banned);
  return { identity, viewer: viewerOfUser(user) };
}

/** A user row as the Viewer the queue's use cases take (a chat fan's account or shadow, or the streamer for mods). */
export function viewerOfUser(user: User): Viewer {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    role: user.role,
    isActive: user.isActive,
    isStreamer: user.isStreamer,
    isLive: user.liveSessionId !== null,
    liveSessionId: user.liveSessionId,
    pictureUrl: null,
    country: user.country,
    timeZone: user.timeZone,
  };
}

/**
 * A signed-in fan links a chat identity (the Twitch OAuth or Discord sign-in proved it is theirs): from now on it
 * queues as their account. The places the identity's shadow held move to the account in the same batch (its
 * finished turns too, so the cooldown follows the fan); an active place where the account already holds one in
 * that session is ended as left, so one fan keeps one place.
 */
export async function linkChatIdentity(env: Env, viewer: Viewer, fan: ChatFan, now = new Date()) {
  const identity = await chatIdentityOf(env, fan, now);
  if (identity.userId === viewer.id) return identity;
  if (identity.userId) throw conflict(CHAT_COPY.linkedElsewhere);
  const db = getDb(env);
  const shadow = identity.shadowUserId;
  const active = sql.join(
    ACTIVE_QUEUE_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const accountHoldsPlace = sql`EXISTS (SELECT 1 FROM queue_entries mine WHERE mine.user_id = ${viewer.id}
    AND mine.live_session_id = ${queueEntries.liveSessionId} AND mine.state IN (${active}))`;
  const [linked] = await db.batch([
    db
      .update(chatIdentities)
      .set({ userId: viewer.id, linkedAt: now, updatedAt: now })
      .where(and(eq(chatIdentities.id, identity.id), isNull(chatIdentities.userId)))
      .returning({ id: chatIdentities.id }),
    db
      .update(queueEntries)
      .set({ state: "left", finishedAt: now, updatedAt: now })
      .where(
        and(eq(queueEntries.userId, shadow), inArray(queueEntries.state, [...ACTIVE_QUEUE_STATES]), accountHoldsPlace),
      ),
    db
      .update(queueEntries)
      .set({ userId: viewer.id, updatedAt: now })
      .where(
        and(
          eq(queueEntries.userId, shadow),
          or(sql`${queueEntries.state} NOT IN (${active})`, sql`NOT ${accountHoldsPlace}`),
        ),
      ),
    db.update(queueEvents).set({ userId: viewer.id }).where(eq(queueEvents.userId, shadow)),
  ]);
  if (linked.length === 0) throw conflict(CHAT_COPY.linkedElsewhere);
  return { ...identity, userId: viewer.id, linkedAt: now };
}

/**
 * Discord sign-in proves the Discord account: when that Discord user already queued from a server (a chat identity
 * exists) and is not linked yet, it is linked to the account signing in. Nothing is made for a Discord user who never
 * used the commands, and an identity linked to another account stays so. Answers whether it linked.
 */
export async function linkKnownChatIdentity(env: Env, userId: string, fan: ChatFan, now = new Date()) {
  const db = getDb(env);
  const identity = await db
    .select({ userId: chatIdentities.userId })
    .from(chatIdentities)
    .where(and(eq(chatIdentities.platform, fan.platform), eq(chatIdentities.platformUserId, fan.platformUserId)))
    .get();
  if (!identity || identity.userId) return false;
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user?.isActive) return false;
  const mine = await db
    .select({ id: chatIdentities.id })
    .from(chatIdentities)
    .where(and(eq(chatIdentities.platform, fan.platform), eq(chatIdentities.userId, userId)))
    .get();
  // The account already links another identity of this platform (one per platform): left as it is.
  if (mine) return false;
  try {
    await linkChatIdentity(env, viewerOfUser(user), fan, now);
    return true;
  } catch (error) {
    if (isAppError(error) && error.status === 409) return false;
    throw error;
  }
}

/** The chat identities linked to an account (the profile shows them). */
export function linkedIdentities(env: Env, userId: string) {
  return getDb(env)
    .select({ platform: chatIdentities.platform, displayName: chatIdentities.displayName })
    .from(chatIdentities)
    .where(eq(chatIdentities.userId, userId));
}
