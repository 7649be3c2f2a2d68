import { and, asc, count, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { seatsTakenSql } from "~/features/seats";
import { col, type Db, named } from "~/platform/db.server";
import { bookings, games, gigs, liveSessions, queueEntries, slots, users } from "~db/schema";
import { liveCardColumns } from "./columns.server";

/**
 * Sessions are slots: time windows a star plays a gig in. Seats left = the slot's seats minus the seats
 * of bookings that hold them (confirmed, or held and not yet expired), docs/domain.md's capacity rule.
 */
function seatsLeft(now: Date) {
  return sql<number>`max(0, ${col(slots.seats)} - ${seatsTakenSql(col(slots.id), now)})`.mapWith(Number);
}

/** A session card: the slot, its gig and game, its star. Needs slots JOIN users LEFT JOIN products, games. */
function sessionColumns(now: Date) {
  return named({
    id: slots.id,
    startsAt: slots.startsAt,
    endsAt: slots.endsAt,
    seats: slots.seats,
    seatsLeft: seatsLeft(now),
    gigId: gigs.id,
    gigTitle: gigs.title,
    listPriceMinor: gigs.listPriceMinor,
    baseCurrency: gigs.baseCurrency,
    gameName: games.name,
    streamerId: users.id,
    streamerName: users.fullName,
    streamerUsername: users.username,
  });
}

function sessionsFrom(db: Db, now: Date) {
  return db
    .select(sessionColumns(now))
    .from(slots)
    .innerJoin(users, eq(users.id, slots.streamerId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(games, eq(games.id, gigs.gameId));
}

export type SessionCard = Awaited<ReturnType<ReturnType<typeof sessionsFrom>["all"]>>[number];

/** A star's upcoming sessions (soonest first) or past sessions (newest first), one page plus one row. */
export function streamerSessionsQuery(
  db: Db,
  streamerId: string,
  when: "upcoming" | "past",
  { page, limit, now, order }: { page: number; limit: number; now: Date; order?: "asc" | "desc" },
) {
  const upcoming = when === "upcoming";
  const direction = order ?? (upcoming ? "asc" : "desc");
  const by = direction === "asc" ? asc : desc;
  return sessionsFrom(db, now)
    .where(
      and(
        eq(slots.streamerId, streamerId),
        eq(slots.status, "open"),
        upcoming ? gte(slots.startsAt, now) : lt(slots.startsAt, now),
      ),
    )
    .orderBy(by(slots.startsAt))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}

export function streamerSessionsCountQuery(db: Db, streamerId: string, when: "upcoming" | "past", now: Date) {
  return db
    .select({ total: count() })
    .from(slots)
    .where(
      and(
        eq(slots.streamerId, streamerId),
        eq(slots.status, "open"),
        when === "upcoming" ? gte(slots.startsAt, now) : lt(slots.startsAt, now),
      ),
    );
}

/** The next sessions on the whole site (landing page), gigs only, soonest first. */
export function upcomingSessionsQuery(db: Db, now: Date, limit: number) {
  return sessionsFrom(db, now)
    .where(and(gte(slots.startsAt, now), eq(slots.status, "open"), isNull(gigs.archivedAt)))
    .orderBy(asc(slots.startsAt))
    .limit(limit);
}

/** The viewer's own confirmed sessions still to come (landing page), soonest first. */
export function viewerUpcomingSessionsQuery(db: Db, viewerId: string, now: Date, limit: number) {
  return sessionsFrom(db, now)
    .innerJoin(bookings, eq(bookings.slotId, slots.id))
    .where(and(eq(bookings.userId, viewerId), eq(bookings.status, "confirmed"), gte(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt))
    .limit(limit);
}

/** A gig's upcoming open slots with their seats left (gig page). */
export function gigSlotsQuery(db: Db, gigId: string, now: Date, limit: number) {
  return db
    .select({
      id: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      seats: slots.seats,
      seatsLeft: seatsLeft(now),
      /** Its streamer marked it a drop: in high demand from its first booking (docs/decisions/042). */
      isDrop: slots.isDrop,
    })
    .from(slots)
    .where(and(eq(slots.gigId, gigId), eq(slots.status, "open"), gte(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt))
    .limit(limit);
}

/** The star's open live session as a live card. */
export function openLiveSessionCardQuery(db: Db, streamerId: string, viewerId: string | null) {
  return db
    .select(liveCardColumns(viewerId))
    .from(liveSessions)
    .innerJoin(users, eq(users.id, liveSessions.streamerId))
    .innerJoin(games, eq(games.id, liveSessions.gameId))
    .where(and(eq(liveSessions.streamerId, streamerId), isNull(liveSessions.endedAt)))
    .limit(1);
}

/** Live sessions whose queue the user joined, newest first (one extra row tells whether there is more). */
export function joinedQueuesQuery(db: Db, userId: string, { page, limit }: { page: number; limit: number }) {
  return db
    .select({
      id: queueEntries.id,
      lane: queueEntries.lane,
      state: queueEntries.state,
      position: queueEntries.position,
      joinedAt: queueEntries.joinedAt,
      liveSessionId: liveSessions.id,
      title: liveSessions.title,
      endedAt: liveSessions.endedAt,
      streamerId: liveSessions.streamerId,
    })
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .where(eq(queueEntries.userId, userId))
    .orderBy(desc(queueEntries.joinedAt))
    .limit(limit + 1)
    .offset((page - 1) * limit);
}
