import { and, asc, eq, gt, sql } from "drizzle-orm";
import { newId } from "~/lib/id";
import { livePath, streamerPath } from "~/lib/paths.server";
import { getDb } from "~/platform/db.server";
import { appOrigin } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { favouriteStars, users } from "~db/schema";
import { sendDiscordCopies } from "./discord.server";
import { pushToUser } from "./notify.server";

/**
 * "A favourite star went live / added slots" to every fan who favourited them (docs/architecture.md "Live sessions, queues and notifications"),
 * fanned out through the FANOUT Cloudflare Queue, never in a loop inside the request that caused it. The request
 * sends one message; the consumer (workers/queue.ts) writes one page of fans' notifications per message
 * in ONE statement and sends the next page as a new message, so no invocation grows with the number of fans.
 * A redelivered page writes nothing twice: each row's id is derived from the event and the fan (UNIQUE id).
 */
export type FanoutMessage = {
  kind: "live" | "new_slots";
  /** The streamer. A message body is a stored format (messages in flight cross a deploy), so it keeps its first name. */
  influencerId: string;
  /** The live session (kind "live"). */
  liveSessionId?: string;
  /** What identifies this event, so a redelivery inserts the same ids. */
  eventId: string;
  /** Keyset cursor: fans after this user id. */
  after?: string;
};

const FANOUT_PAGE = 200;

/** newSlotAvailableNotification and the live notice, worded for the fan. */
function fanoutTitle(kind: FanoutMessage["kind"], streamerName: string): string {
  return kind === "live" ? `${streamerName} is live now! Join the queue` : `${streamerName} added new slots`;
}

export async function announceToFans(env: Env, message: Omit<FanoutMessage, "eventId" | "after">): Promise<void> {
  try {
    await env.FANOUT.send({ ...message, eventId: newId() } satisfies FanoutMessage);
  } catch (error) {
    // Going live or adding slots must not fail because the announcement could not be queued.
    log.error("fanout.enqueue_failed", { kind: message.kind, streamerId: message.influencerId, error });
  }
}

/** One page of the fan-out (the queue consumer). Returns the fans notified; enqueues the next page if any. */
export async function deliverFanoutPage(env: Env, message: FanoutMessage): Promise<string[]> {
  const db = getDb(env);
  const [streamer] = await db
    .select({ name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})` })
    .from(users)
    .where(eq(users.id, message.influencerId));
  if (!streamer) return [];
  const title = fanoutTitle(message.kind, streamer.name);
  const url =
    message.kind === "live" && message.liveSessionId
      ? livePath(message.liveSessionId)
      : streamerPath(message.influencerId);
  // One statement for the whole page (D1 allows 100 bound parameters per query, so no multi-row VALUES).
  const inserted = await env.DB.prepare(
    `INSERT INTO notifications (id, user_id, type, title, url, influencer_id, is_read, created_at)
     SELECT ?1 || '-' || f.user_id, f.user_id, ?2, ?3, ?4, ?5, 0, ?6
     FROM (SELECT user_id FROM favourite_stars WHERE influencer_id = ?5 AND user_id > ?7 ORDER BY user_id LIMIT ?8) f
     WHERE true
     ON CONFLICT DO NOTHING`,
  )
    .bind(message.eventId, message.kind, title, url, message.influencerId, Date.now(), message.after ?? "", FANOUT_PAGE)
    .run();
  const fans = await db
    .select({ userId: favouriteStars.userId })
    .from(favouriteStars)
    .where(and(eq(favouriteStars.streamerId, message.influencerId), gt(favouriteStars.userId, message.after ?? "")))
    .orderBy(asc(favouriteStars.userId))
    .limit(FANOUT_PAGE);
  if (fans.length === 0 || !inserted.success) return [];
  if (fans.length === FANOUT_PAGE) {
    await env.FANOUT.send({ ...message, after: fans[fans.length - 1]?.userId } satisfies FanoutMessage);
  }
  await Promise.all(fans.map((fan) => pushToUser(env, fan.userId)));
  const ids = fans.map((fan) => fan.userId);
  // The Discord copy, for the fans who keep that preference on (favoriteCreatorLive / favoriteCreatorSlots).
  const origin = appOrigin(env);
  await sendDiscordCopies(
    env,
    ids,
    message.kind === "live" ? "favoriteCreatorLive" : "favoriteCreatorSlots",
    `${title} ${origin}${url}`,
  );
  return ids;
}
