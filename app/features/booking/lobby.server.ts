import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { forbidden } from "~/lib/errors";
import { getDb, named } from "~/platform/db.server";
import { ACTIVE_QUEUE_STATES, bookings, liveSessions, lobbyCodes, queueEntries, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";
import { lobbyCodeVisible } from "./order-view";

/**
 * docs/domain.md "Slot and booking". An empty entry has lobbyCode "" (not set yet, or not near yet). The API answers
 * it as is, so its keys are public: `productId` is the gig.
 */
export type LobbyCodeDetails = {
  lobbyCode: string;
  streamerId: string | null;
  productId: string | null;
  slotId: string | null;
  liveSessionId: string | null;
};

/**
 * GET /api/user/lobby-code-details: the lobby code of a slot the viewer has a confirmed booking on (shown from
 * LOBBY_CODE_VISIBLE_BEFORE_MS before the start until the end), or of a live session the viewer is queued in.
 * Not the viewer's booking or place: 403. Their booking but no code yet (or not near yet): an empty entry.
 * Given only a productId, the viewer's next confirmed slot of that gig that has not ended.
 */
export async function lobbyCodeForUser(
  env: Env,
  viewer: Viewer,
  query: { slotId?: string; productId?: string; liveSessionId?: string },
  now = new Date(),
): Promise<LobbyCodeDetails> {
  const db = getDb(env);
  if (query.slotId || query.productId) {
    const [row] = await db
      .select(
        named({
          slotId: slots.id,
          gigId: slots.gigId,
          streamerId: slots.streamerId,
          startsAt: slots.startsAt,
          endsAt: slots.endsAt,
          code: lobbyCodes.code,
        }),
      )
      .from(bookings)
      .innerJoin(slots, eq(slots.id, bookings.slotId))
      .leftJoin(lobbyCodes, eq(lobbyCodes.slotId, slots.id))
      .where(
        and(
          eq(bookings.userId, viewer.id),
          eq(bookings.status, "confirmed"),
          query.slotId ? eq(slots.id, query.slotId) : undefined,
          query.productId ? eq(slots.gigId, query.productId) : undefined,
          query.slotId ? undefined : gt(slots.endsAt, now),
        ),
      )
      .orderBy(asc(slots.startsAt))
      .limit(1);
    if (!row) throw forbidden(BOOKING_COPY.notBooked);
    const visible = !!row.code && lobbyCodeVisible(row.startsAt, row.endsAt, now);
    return {
      lobbyCode: visible ? (row.code ?? "") : "",
      streamerId: row.streamerId,
      productId: row.gigId,
      slotId: row.slotId,
      liveSessionId: null,
    };
  }
  const liveSessionId = query.liveSessionId ?? "";
  const [row] = await db
    .select(named({ streamerId: liveSessions.streamerId, code: lobbyCodes.code, state: queueEntries.state }))
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.liveSessionId, liveSessions.id))
    .where(
      and(
        eq(queueEntries.liveSessionId, liveSessionId),
        eq(queueEntries.userId, viewer.id),
        inArray(queueEntries.state, ACTIVE_QUEUE_STATES),
      ),
    )
    .limit(1);
  if (!row) throw forbidden(BOOKING_COPY.notBooked);
  // The session's code is for the fans the streamer called: playing next or in game (docs/decisions/014).
  const called = row.state === "playing_next" || row.state === "in_game";
  return {
    lobbyCode: called ? (row.code ?? "") : "",
    streamerId: row.streamerId,
    productId: null,
    slotId: null,
    liveSessionId,
  };
}
