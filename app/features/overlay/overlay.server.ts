import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { ensureFeedKey, mayHoldFeedKey, regenerateFeedKey, userOfFeedKey } from "~/features/feeds/index.server";
import type { OverlayPayload } from "~/features/live";
import { readBroadcast } from "~/features/live/index.server";
import { seatsTakenSql } from "~/features/seats";
import { notFound } from "~/lib/errors";
import { gigPath, streamerPath } from "~/lib/paths.server";
import { shortLink } from "~/lib/short-link";
import { col, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { gigs, liveSessions, slots, users } from "~db/schema";

/**
 * The stream overlay (docs/domain.md "Stream overlay"): a streamer's live queue and next slot as pages for OBS's
 * browser source, at URLs that carry the streamer's overlay key (no login). Everything here answers public data
 * only: display names (gamer tags or usernames), lanes, counts, a gig title, times and seats left.
 */
export type OverlayUrls = { queue: string; nextSlot: string };

function overlayUrls(origin: string, key: string): OverlayUrls {
  return { queue: `${origin}/overlay/${key}/queue`, nextSlot: `${origin}/overlay/${key}/next-slot` };
}

/** The streamer's own overlay URLs (the key is made on first use). Streamers only. */
export async function myOverlay(env: Env, viewer: Viewer, origin: string): Promise<OverlayUrls | null> {
  if (!mayHoldFeedKey(viewer, "overlay")) return null;
  return overlayUrls(origin, await ensureFeedKey(env, viewer, "overlay"));
}

/**
 * A new overlay key for the streamer: the old URLs answer 404 from now on, and overlays open on the current live
 * session are disconnected (they reload into the 404).
 */
export async function regenerateMyOverlay(env: Env, viewer: Viewer, origin: string): Promise<OverlayUrls> {
  const key = await regenerateFeedKey(env, viewer, "overlay");
  const [row] = await getDb(env)
    .select({ liveSessionId: users.liveSessionId })
    .from(users)
    .where(eq(users.id, viewer.id))
    .limit(1);
  if (row?.liveSessionId) {
    try {
      const closed = await env.LIVE_SESSION.getByName(row.liveSessionId).closeOverlays();
      log.info("overlay.key_replaced", { liveSessionId: row.liveSessionId, closedOverlays: closed });
    } catch (error) {
      // The key is replaced either way; an overlay still open stops at its next reconnect.
      log.error("overlay.close_failed", { liveSessionId: row.liveSessionId, error });
    }
  }
  return overlayUrls(origin, key);
}

type Streamer = { id: string; name: string; username: string; liveSessionId: string | null };

async function streamerOfKey(env: Env, key: string): Promise<Streamer> {
  const userId = await userOfFeedKey(env, "overlay", key);
  if (!userId) throw notFound();
  const [row] = await getDb(env)
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      isActive: users.isActive,
      isStreamer: users.isStreamer,
      liveSessionId: users.liveSessionId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.isActive || !row.isStreamer) throw notFound();
  return { id: row.id, name: row.fullName || row.username, username: row.username, liveSessionId: row.liveSessionId };
}

export type OverlayQueueView = {
  streamerName: string;
  /** Null between sessions: the overlay says "offline". */
  live: { liveSessionId: string; joinUrl: string; joinText: string; queue: OverlayPayload } | null;
};

/** The queue overlay's first render; the live session's socket takes over from there. 404 for a bad key. */
export async function overlayQueue(env: Env, key: string, origin: string): Promise<OverlayQueueView> {
  const streamer = await streamerOfKey(env, key);
  if (!streamer.liveSessionId) return { streamerName: streamer.name, live: null };
  const broadcast = await readBroadcast(env, streamer.liveSessionId, 0);
  const queue = broadcast.overlayPayload();
  if (queue.ended || broadcast.streamerId !== streamer.id) return { streamerName: streamer.name, live: null };
  // The streamer's short link (/@handle) rather than the session's id: readable on stream, and it still works
  // when they next go live.
  const joinUrl = shortLink(origin, streamer.username);
  return {
    streamerName: streamer.name,
    live: { liveSessionId: streamer.liveSessionId, joinUrl, joinText: joinUrl.replace(/^https?:\/\//, ""), queue },
  };
}

/** Whether a socket with this overlay key may watch this live session: the key's streamer runs it. */
export async function overlayMayWatch(env: Env, key: string, liveSessionId: string): Promise<boolean> {
  const userId = await userOfFeedKey(env, "overlay", key);
  if (!userId) return false;
  const [row] = await getDb(env)
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .where(and(eq(liveSessions.id, liveSessionId), eq(liveSessions.streamerId, userId)))
    .limit(1);
  return !!row;
}

export type OverlayNextSlotView = {
  streamerName: string;
  slot: {
    title: string;
    startsAt: Date;
    endsAt: Date;
    seats: number;
    seatsLeft: number;
    bookUrl: string;
    bookText: string;
  } | null;
};

/** The streamer's next open slot that has not ended (the one on now, else the next to start) and its seats left. */
export async function overlayNextSlot(
  env: Env,
  key: string,
  origin: string,
  now = new Date(),
): Promise<OverlayNextSlotView> {
  const streamer = await streamerOfKey(env, key);
  const [row] = await getDb(env)
    .select({
      gigId: slots.gigId,
      title: gigs.title,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      seats: slots.seats,
      taken: seatsTakenSql(col(slots.id), now),
    })
    .from(slots)
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(
      and(eq(slots.streamerId, streamer.id), eq(slots.status, "open"), gt(slots.endsAt, now), isNull(gigs.archivedAt)),
    )
    .orderBy(asc(slots.startsAt))
    .limit(1);
  if (!row) return { streamerName: streamer.name, slot: null };
  const bookUrl = `${origin}${row.gigId ? gigPath(row.gigId) : streamerPath(streamer.id)}`;
  return {
    streamerName: streamer.name,
    slot: {
      title: row.title ?? "Game session",
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      seats: row.seats,
      seatsLeft: Math.max(0, row.seats - Number(row.taken)),
      bookUrl,
      bookText: bookUrl.replace(/^https?:\/\//, ""),
    },
  };
}
