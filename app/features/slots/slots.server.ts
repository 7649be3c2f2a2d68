import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness, assertReadBusiness } from "~/features/access";
import { canStartSlot } from "~/features/booking";
import { refundSlotBookingsInFull } from "~/features/booking/index.server";
import { announceToFans } from "~/features/notifications/index.server";
import { seatsTakenSql } from "~/features/seats";
import { addDays, type CalendarMonth, monthBounds, zonedToUtc } from "~/features/time";
import { waitlistLengthSql } from "~/features/waitlist/index.server";
import { AppError, badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import {
  bookingGamertags,
  bookings,
  gameModes,
  gigs,
  liveSessions,
  lobbyCodes,
  slots,
  streamerProfiles,
  users,
} from "~db/schema";
import { SLOT_COPY } from "./copy";
import { slotMoveDecisions } from "./move-decisions.server";
import { type AddSlotsInput, SLOT_BUYERS_PAGE } from "./schema";

const DAY_MS = 86_400_000;

/** Seats taken on the slot: the booking feature's one rule, the same count the booking write checks. */
function seatsTaken(now: Date) {
  return seatsTakenSql(col(slots.id), now);
}

const slotFields = (now: Date) => ({
  id: slots.id,
  streamerId: slots.streamerId,
  gigId: slots.gigId,
  gigTitle: gigs.title,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  seats: slots.seats,
  status: slots.status,
  startedAt: slots.startedAt,
  noShowAt: slots.noShowAt,
  /** A drop: in high demand from its first booking (docs/decisions/042). */
  isDrop: slots.isDrop,
  seatsTaken: seatsTaken(now),
  /** Fans in the slot's waitlist (waiting or offered seats). */
  waitlist: waitlistLengthSql(col(slots.id)),
  lobbyCode: sql<
    string | null
  >`(SELECT ${lobbyCodes.code} FROM ${lobbyCodes} WHERE ${lobbyCodes.slotId} = ${col(slots.id)})`,
});

function slotsQuery(db: Db, now: Date) {
  return db
    .select(named(slotFields(now)))
    .from(slots)
    .leftJoin(gigs, eq(gigs.id, slots.gigId));
}

export type SlotRow = Awaited<ReturnType<ReturnType<typeof slotsQuery>["all"]>>[number];

/**
 * Adds slots on one of the streamer's gigs: a date and start time in the streamer's time zone, repeated
 * weekly for N more weeks. Each slot lasts the gig's session length (else its mode's) and has the mode's players as seats
 * unless given. Idempotent: a slot already at that instant is left as it is (UNIQUE (influencer_id,
 * starts_at) + ON CONFLICT DO NOTHING). A slot that would overlap another open slot of the streamer is not
 * inserted: the overlap test is inside each INSERT (... WHERE NOT EXISTS overlapping), so two requests at
 * once cannot both add overlapping slots. When nothing could be added because of overlaps, it is refused. With
 * `drop`, every slot it adds is a drop (docs/decisions/042); a slot already there keeps its own switch.
 */
export async function addSlots(env: Env, viewer: Viewer | null, input: AddSlotsInput, now = new Date()) {
  const db = getDb(env);
  const gig = await db
    .select(
      named({
        streamerId: gigs.streamerId,
        archivedAt: gigs.archivedAt,
        // The gig's session length, else (gigs from before it was asked) its game mode's.
        durationMinutes: sql<number>`coalesce(${gigs.sessionMinutes}, ${gameModes.durationMinutes})`,
        noOfPlayers: gameModes.noOfPlayers,
      }),
    )
    .from(gigs)
    .innerJoin(gameModes, eq(gameModes.id, gigs.gameModeId))
    .where(eq(gigs.id, input.productId))
    .get();
  if (!gig) throw notFound("Gig not found");
  assertManageBusiness(viewer, gig.streamerId);
  if (gig.archivedAt) throw conflict(SLOT_COPY.gigArchived, "productId");
  const seats = input.seats ?? Math.min(Math.max(gig.noOfPlayers, 1), 100);
  const durationMs = gig.durationMinutes * 60_000;
  const wanted = Array.from({ length: input.repeatWeeks + 1 }, (_, week) => {
    const startsAt = zonedToUtc(addDays(input.date, week * 7), input.startTime, input.timeZone);
    return { startsAt, endsAt: new Date(startsAt.getTime() + durationMs) };
  });
  if (wanted[0] && wanted[0].startsAt.getTime() <= now.getTime()) throw badRequest(SLOT_COPY.past, "date");
  const streamerId = gig.streamerId;
  const at = now.getTime();
  const statements = wanted.map(({ startsAt, endsAt }) =>
    db
      .insert(slots)
      .select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            streamerId: streamerProfiles.userId,
            gigId: sql<string>`${input.productId}`.as("product_id"),
            startsAt: sql<Date>`${startsAt.getTime()}`.as("starts_at"),
            endsAt: sql<Date>`${endsAt.getTime()}`.as("ends_at"),
            seats: sql<number>`${seats}`.as("seats"),
            status: sql<"open">`'open'`.as("status"),
            startedAt: sql<Date | null>`NULL`.as("started_at"),
            noShowAt: sql<Date | null>`NULL`.as("no_show_at"),
            isDrop: sql<boolean>`${input.drop ? 1 : 0}`.as("is_drop"),
            createdAt: sql<Date>`${at}`.as("created_at"),
            updatedAt: sql<Date>`${at}`.as("updated_at"),
          })
          .from(streamerProfiles)
          .where(
            and(
              eq(streamerProfiles.userId, streamerId),
              sql`NOT EXISTS (SELECT 1 FROM ${slots} WHERE ${slots.streamerId} = ${streamerId} AND ${slots.status} = 'open'
                AND ${slots.startsAt} < ${endsAt.getTime()} AND ${slots.endsAt} > ${startsAt.getTime()})`,
            ),
          ),
      )
      .onConflictDoNothing({ target: [slots.streamerId, slots.startsAt] }),
  );
  const [first, ...rest] = statements;
  if (!first) return { added: 0, existing: 0, overlapping: 0 };
  await db.batch([first, ...rest, catalogueChangedStatement(db)]);
  // Which of the wanted instants are now slots of this gig (added now or before) and which overlapped.
  const present = await db
    .select({ startsAt: slots.startsAt, createdAt: slots.createdAt })
    .from(slots)
    .where(
      and(
        eq(slots.streamerId, streamerId),
        eq(slots.gigId, input.productId),
        inArray(
          slots.startsAt,
          wanted.map((w) => w.startsAt),
        ),
      ),
    );
  const added = present.filter((row) => row.createdAt.getTime() === at).length;
  const existing = present.length - added;
  // newSlotAvailableNotification to the fans who favourited the streamer, through the fan-out queue.
  if (added > 0) await announceToFans(env, { kind: "new_slots", influencerId: streamerId });
  const overlapping = wanted.length - present.length;
  if (present.length === 0) throw conflict(SLOT_COPY.overlap, "startTime");
  return { added, existing, overlapping };
}

/**
 * The streamer's slots starting in a calendar month of `zone` (the viewer's, docs/decisions/019-viewer-time-zone.md):
 * "November" is November where the streamer is.
 */
export async function monthSlots(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  month: CalendarMonth,
  zone: string,
  now = new Date(),
) {
  return slotsBetween(env, viewer, streamerId, monthBounds(month, zone), now);
}

/**
 * The streamer's slots starting in [from, to), with their buyers and waiting offers: a calendar month
 * (`monthSlots`) or the rolling agenda's next weeks, across month ends.
 */
export async function slotsBetween(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  { from, to }: { from: Date; to: Date },
  now = new Date(),
) {
  assertReadBusiness(viewer, streamerId, "validations");
  const db = getDb(env);
  const rows = await slotsQuery(db, now)
    .where(and(eq(slots.streamerId, streamerId), gte(slots.startsAt, from), lt(slots.startsAt, to)))
    .orderBy(asc(slots.startsAt));
  const ids = rows.map((r) => r.id);
  const [buyers, moves] = await Promise.all([buyersOf(db, ids), slotMoveDecisions(db, ids, now)]);
  return rows.map((row) => {
    const booked = buyers.get(row.id) ?? [];
    return {
      ...row,
      /** Buyers still deciding on an offer of another time, from this slot or to it. */
      moves: moves.get(row.id) ?? { deciding: null, heldFor: null },
      /** How long the slot lasts (its gig's session length when it was added). */
      minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
      buyers: booked,
      // "Start session" is offered on a booked slot in its start window (the booking feature's no-show rule).
      startable: booked.length > 0 && canStartSlot(row, now),
    };
  });
}

type Buyer = { bookingId: string; userId: string; username: string; seats: number; gamertags: string[] };

/** Confirmed buyers of the given slots with their gamer tags (one per seat). */
async function buyersOf(db: Db, slotIds: string[]) {
  const bySlot = new Map<string, Buyer[]>();
  if (slotIds.length === 0) return bySlot;
  for (let i = 0; i < slotIds.length; i += 90) {
    const rows = await db
      .select(
        named({
          slotId: bookings.slotId,
          bookingId: bookings.id,
          userId: bookings.userId,
          username: users.username,
          seats: bookings.seats,
          tags: sql<
            string | null
          >`(SELECT group_concat(${bookingGamertags.gamertag}, char(31)) FROM ${bookingGamertags} WHERE ${bookingGamertags.bookingId} = ${col(bookings.id)})`,
        }),
      )
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(
        and(
          inArray(bookings.slotId, slotIds.slice(i, i + 90)),
          inArray(bookings.status, ["confirmed", "completed", "no_show"]),
        ),
      )
      .orderBy(asc(bookings.createdAt));
    for (const row of rows) {
      const list = bySlot.get(row.slotId) ?? [];
      list.push({
        bookingId: row.bookingId,
        userId: row.userId,
        username: row.username,
        seats: row.seats,
        gamertags: row.tags ? row.tags.split("\u001f") : [],
      });
      bySlot.set(row.slotId, list);
    }
  }
  return bySlot;
}

/** The slot's streamer, state and gig (a use case asks whether the viewer may act on it). */
export async function ownerOfSlot(db: Db, slotId: string) {
  const slot = await db
    .select({ streamerId: slots.streamerId, status: slots.status, gigId: slots.gigId })
    .from(slots)
    .where(eq(slots.id, slotId))
    .get();
  if (!slot) throw notFound(SLOT_COPY.notFound);
  return slot;
}

/** One slot with its buyers, 4 a page (docs/domain.md). */
export async function slotWithBuyers(
  env: Env,
  viewer: Viewer | null,
  slotId: string,
  page = 1,
  limit = SLOT_BUYERS_PAGE,
  now = new Date(),
) {
  const db = getDb(env);
  const owner = await ownerOfSlot(db, slotId);
  assertReadBusiness(viewer, owner.streamerId, "validations");
  const row = await slotsQuery(db, now).where(eq(slots.id, slotId)).get();
  if (!row) throw notFound(SLOT_COPY.notFound);
  const buyers = (await buyersOf(db, [slotId])).get(slotId) ?? [];
  const totalPages = Math.max(1, Math.ceil(buyers.length / limit));
  return {
    slot: row,
    buyers: buyers.slice((page - 1) * limit, page * limit),
    page,
    limit,
    totalUsers: buyers.length,
    totalPages,
  };
}

/** Upcoming slots (present and future), the next `limit`; optionally from a week back. */
export async function upcomingSlots(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  options: { limit?: number; fromDaysBack?: number } = {},
  now = new Date(),
) {
  assertReadBusiness(viewer, streamerId, "validations");
  const from = new Date(now.getTime() - (options.fromDaysBack ?? 0) * DAY_MS);
  const query = slotsQuery(getDb(env), now)
    .where(and(eq(slots.streamerId, streamerId), gte(slots.endsAt, from), eq(slots.status, "open")))
    .orderBy(asc(slots.startsAt));
  return options.limit ? query.limit(options.limit) : query.limit(500);
}

/** Sets or changes a slot's lobby code (its confirmed buyers see it on their order). One code per slot (UNIQUE). */
export async function setSlotLobbyCode(env: Env, viewer: Viewer | null, slotId: string, code: string) {
  const db = getDb(env);
  const owner = await ownerOfSlot(db, slotId);
  assertManageBusiness(viewer, owner.streamerId);
  if (owner.status !== "open") throw conflict(SLOT_COPY.alreadyCancelled);
  await db
    .insert(lobbyCodes)
    .values({ id: newId(), slotId, code })
    .onConflictDoUpdate({ target: lobbyCodes.slotId, set: { code, updatedAt: new Date() } });
  return { slotId, lobbyCode: code };
}

/**
 * The streamer marks one of their slots as a drop, or takes the mark away (docs/decisions/042): from then on the slot
 * is in high demand (or back to its signals) for every booking and waitlist join. A slot that started, was played or
 * was cancelled keeps its switch: there is nothing left to book. One conditional write; calling it twice changes
 * nothing more.
 */
export async function setSlotDrop(env: Env, viewer: Viewer | null, slotId: string, drop: boolean, now = new Date()) {
  const db = getDb(env);
  const owner = await ownerOfSlot(db, slotId);
  assertManageBusiness(viewer, owner.streamerId);
  if (owner.status !== "open") throw conflict(SLOT_COPY.alreadyCancelled);
  const [changed] = await db.batch([
    db
      .update(slots)
      .set({ isDrop: drop, updatedAt: now })
      .where(
        and(eq(slots.id, slotId), eq(slots.status, "open"), gt(slots.startsAt, now), sql`${slots.startedAt} IS NULL`),
      )
      .returning({ id: slots.id }),
    // The gig page shows a drop to fans: its cached copies go (docs/decisions/012).
    catalogueChangedStatement(db),
  ]);
  if (changed.length === 0) throw conflict(SLOT_COPY.dropPlayed);
  return { slotId, drop };
}

/** The streamer's lobby code details of one of their slots or live sessions; the API answers them as is (`productId` is the gig). */
export async function streamerLobbyCode(
  env: Env,
  viewer: Viewer | null,
  where: { slotId?: string; liveSessionId?: string },
) {
  const db = getDb(env);
  if (where.slotId) {
    const owner = await ownerOfSlot(db, where.slotId);
    assertReadBusiness(viewer, owner.streamerId);
    const row = await db
      .select({ code: lobbyCodes.code })
      .from(lobbyCodes)
      .where(eq(lobbyCodes.slotId, where.slotId))
      .get();
    return {
      lobbyCode: row?.code ?? null,
      streamerId: owner.streamerId,
      productId: owner.gigId,
      slotId: where.slotId,
      liveSessionId: null,
    };
  }
  if (where.liveSessionId) {
    const row = await db
      .select({ code: lobbyCodes.code })
      .from(lobbyCodes)
      .where(and(eq(lobbyCodes.liveSessionId, where.liveSessionId)))
      .get();
    const session = await db
      .select({ streamerId: liveSessions.streamerId })
      .from(liveSessions)
      .where(eq(liveSessions.id, where.liveSessionId))
      .get();
    const streamerId = session?.streamerId;
    if (!streamerId) throw notFound("Live session not found");
    assertReadBusiness(viewer, streamerId);
    return {
      lobbyCode: row?.code ?? null,
      streamerId: streamerId,
      productId: null,
      slotId: null,
      liveSessionId: where.liveSessionId,
    };
  }
  throw new AppError(400, "slotId or liveSessionId is required");
}

/**
 * The streamer cancels one of their slots: in one batch it is closed to new bookings (conditional open ->
 * cancelled) and every confirmed buyer's booking is cancelled and owed a full refund to their wallet, with their
 * messages, by the booking feature's one path for it; the refunds are then carried out (and retried until done).
 * Calling it again cancels and refunds nothing more.
 */
export async function cancelSlot(env: Env, viewer: Viewer | null, slotId: string, now = new Date()) {
  const db = getDb(env);
  const owner = await ownerOfSlot(db, slotId);
  assertManageBusiness(viewer, owner.streamerId);
  // One batch: the slot closes and every confirmed buyer's booking is cancelled and owed a full refund with it.
  const refunded = await refundSlotBookingsInFull(
    env,
    slotId,
    "Slot cancelled by the streamer",
    viewer?.id ?? null,
    now,
    [
      db
        .update(slots)
        .set({ status: "cancelled", updatedAt: now })
        .where(and(eq(slots.id, slotId), eq(slots.status, "open"))),
      // The slot leaves the public gig and star pages (docs/decisions/012).
      catalogueChangedStatement(db),
    ],
  );
  return { slotId, refunded: refunded.length, refunds: refunded };
}
