import { and, asc, count, desc, eq, gt, isNull, like, or, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { sendStreamerSetup } from "~/features/auth/index.server";
import { CANCELLABLE_BOOKING_STATUS, cancellableStartsAfter } from "~/features/booking";
import {
  afterSlotCancellation,
  slotCancellationResult,
  slotCancellationStatements,
} from "~/features/booking/index.server";
import { orderNet, orderNetMinor } from "~/features/earnings";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { money } from "~/lib/money";
import { pageInfo } from "~/lib/paging";
import { availabilityChangedStatement, catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb, isUniqueViolation, named } from "~/platform/db.server";
import { bookings, gigs, liveSessions, orders, sessions, slots, streamerProfiles, users } from "~db/schema";
import { STAFF_STREAMER_COPY } from "./copy";
import type { RegisterStreamerInput, StreamerListQuery } from "./schema";

/**
 * Streamers as staff manage them (docs/domain.md, "Roles and what each may do"): the list, one streamer's
 * profile, gigs and orders, the platform fee, show at landing, registration (with the password set-up email) and
 * removal. Every call checks the capability first (ADR 005); every write is one batch with its audit row, and
 * the catalogue version bump when public pages show the change (ADR 012).
 */

const SORTS = {
  fullName_asc: [asc(sql`${users.fullName} COLLATE NOCASE`), asc(users.id)],
  fullName_desc: [desc(sql`${users.fullName} COLLATE NOCASE`), desc(users.id)],
  createdAt_desc: [desc(streamerProfiles.createdAt), desc(users.id)],
  createdAt_asc: [asc(streamerProfiles.createdAt), asc(users.id)],
} as const;

export async function listStreamersForStaff(env: Env, viewer: Viewer | null, query: StreamerListQuery) {
  assertStaff(viewer, "influencers");
  const db = getDb(env);
  const term = query.search.replace(/[%_\\]/g, (c) => `\\${c}`);
  const where = and(
    eq(users.isStreamer, true),
    term
      ? or(like(users.fullName, `%${term}%`), like(users.username, `%${term}%`), like(users.email, `%${term}%`))
      : undefined,
  );
  const [rows, total] = await db.batch([
    db
      .select(
        named({
          id: users.id,
          fullName: users.fullName,
          username: users.username,
          email: users.email,
          platformFeeBps: streamerProfiles.platformFeeBps,
          showAtLanding: streamerProfiles.showAtLanding,
          isVerified: streamerProfiles.isVerified,
          createdAt: streamerProfiles.createdAt,
          gigs: sql<number>`(SELECT count(*) FROM ${gigs} WHERE ${col(gigs.streamerId)} = ${col(users.id)} AND ${col(gigs.archivedAt)} IS NULL)`,
          noShows: sql<number>`(SELECT count(*) FROM ${slots} WHERE ${col(slots.streamerId)} = ${col(users.id)} AND ${col(slots.noShowAt)} IS NOT NULL)`,
          sessionsDue: sql<number>`(SELECT count(*) FROM ${slots} WHERE ${col(slots.streamerId)} = ${col(users.id)} AND (${col(slots.startedAt)} IS NOT NULL OR ${col(slots.noShowAt)} IS NOT NULL))`,
        }),
      )
      .from(users)
      .innerJoin(streamerProfiles, eq(streamerProfiles.userId, users.id))
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ n: count() })
      .from(users)
      .innerJoin(streamerProfiles, eq(streamerProfiles.userId, users.id))
      .where(where),
  ]);
  return {
    influencers: rows.map(({ noShows, sessionsDue, ...row }) => ({
      ...row,
      noShowRate: noShowRateText(noShows, sessionsDue),
    })),
    ...pageInfo(total[0]?.n ?? 0, query.page, query.limit),
  };
}

/**
 * A streamer's no-show rate as staff read it: their slots found a no-show (not started an hour after the start, the
 * booking feature's no-show rule) out of their booked slots that were due, started or not: "1 of 4 (25%)", "—" when
 * none was due yet.
 */
function noShowRateText(noShows: number, sessionsDue: number): string {
  if (sessionsDue === 0) return "—";
  return `${noShows} of ${sessionsDue} (${Math.round((noShows / sessionsDue) * 100)}%)`;
}

/** One streamer: profile, gigs, their latest orders and figures; 404 when not a streamer. */
export async function getStreamerForStaff(env: Env, viewer: Viewer | null, streamerId: string) {
  assertStaff(viewer, "influencers");
  const db = getDb(env);
  const [profileRows, gigRows, orderRows, futurePaid, live] = await db.batch([
    db
      .select(
        named({
          id: users.id,
          fullName: users.fullName,
          username: users.username,
          email: users.email,
          country: users.country,
          pictureUrl: users.pictureUrl,
          bio: users.bio,
          isStreamer: users.isStreamer,
          profession: streamerProfiles.profession,
          platformFeeBps: streamerProfiles.platformFeeBps,
          showAtLanding: streamerProfiles.showAtLanding,
          isVerified: streamerProfiles.isVerified,
          createdAt: streamerProfiles.createdAt,
        }),
      )
      .from(users)
      .innerJoin(streamerProfiles, eq(streamerProfiles.userId, users.id))
      .where(eq(users.id, streamerId))
      .limit(1),
    db
      .select({
        id: gigs.id,
        title: gigs.title,
        priceMinor: gigs.listPriceMinor,
        currency: gigs.baseCurrency,
        archivedAt: gigs.archivedAt,
      })
      .from(gigs)
      .where(eq(gigs.streamerId, streamerId))
      .orderBy(desc(gigs.createdAt))
      .limit(50),
    db
      .select(
        named({
          id: orders.id,
          kind: orders.kind,
          status: orders.status,
          amountMinor: orders.amountMinor,
          refundedMinor: orders.refundedMinor,
          currency: orders.currency,
          netMinor: orderNetMinor,
          createdAt: orders.createdAt,
          buyer: users.username,
        }),
      )
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.streamerId, streamerId))
      .orderBy(desc(orders.createdAt))
      .limit(20),
    futurePaidBookings(db, streamerId, new Date()),
    db
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(and(eq(liveSessions.streamerId, streamerId), isNull(liveSessions.endedAt)))
      .limit(1),
  ]);
  const profile = profileRows[0];
  if (!profile?.isStreamer) throw notFound(STAFF_STREAMER_COPY.notFound);
  return {
    profile,
    gigs: gigRows.map((gig) => ({ ...gig, price: money(gig.priceMinor, gig.currency) })),
    // Each order's net (paid minus refunds done and owed) in its own currency.
    orders: orderRows.map((order) => ({ ...order, net: orderNet(order) })),
    futurePaidBookings: futurePaid[0]?.n ?? 0,
    liveSessionId: live[0]?.id ?? null,
  };
}

function futurePaidBookings(db: ReturnType<typeof getDb>, streamerId: string, now: Date) {
  return db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(and(eq(slots.streamerId, streamerId), eq(bookings.status, "confirmed"), gt(slots.startsAt, now)));
}

async function profileOrThrow(env: Env, streamerId: string) {
  const row = await getDb(env)
    .select({
      userId: streamerProfiles.userId,
      fee: streamerProfiles.platformFeeBps,
      landing: streamerProfiles.showAtLanding,
    })
    .from(streamerProfiles)
    .innerJoin(users, eq(users.id, streamerProfiles.userId))
    .where(and(eq(streamerProfiles.userId, streamerId), eq(users.isStreamer, true)))
    .get();
  if (!row) throw notFound(STAFF_STREAMER_COPY.notFound);
  return row;
}

/** The platform fee in percent (2 decimals), stored as basis points; later payouts snapshot it. */
export async function setPlatformFee(env: Env, viewer: Viewer | null, streamerId: string, percent: number) {
  assertStaff(viewer, "platformFees");
  const before = await profileOrThrow(env, streamerId);
  const bps = Math.round(percent * 100);
  const db = getDb(env);
  await db.batch([
    db
      .update(streamerProfiles)
      .set({ platformFeeBps: bps, updatedAt: new Date() })
      .where(eq(streamerProfiles.userId, streamerId)),
    auditStatement(db, viewer, {
      action: "influencer.platform_fee",
      entity: "user",
      entityId: streamerId,
      before: { platformFeeBps: before.fee },
      after: { platformFeeBps: bps },
    }),
  ]);
  return { platformFeeBps: bps, fees_percentage: bps / 100 };
}

export async function getPlatformFee(env: Env, viewer: Viewer | null, streamerId: string) {
  assertStaff(viewer, "platformFees");
  const row = await profileOrThrow(env, streamerId);
  return { platformFeeBps: row.fee, fees_percentage: row.fee / 100 };
}

export async function setShowAtLanding(env: Env, viewer: Viewer | null, streamerId: string, show: boolean) {
  assertStaff(viewer, "influencers");
  const before = await profileOrThrow(env, streamerId);
  const db = getDb(env);
  await db.batch([
    db
      .update(streamerProfiles)
      .set({ showAtLanding: show, updatedAt: new Date() })
      .where(eq(streamerProfiles.userId, streamerId)),
    auditStatement(db, viewer, {
      action: "influencer.show_at_landing",
      entity: "user",
      entityId: streamerId,
      before: { showAtLanding: before.landing },
      after: { showAtLanding: show },
    }),
    catalogueChangedStatement(db),
  ]);
  return { showAtLanding: show };
}

/**
 * Registers a streamer: a user with a profile (default platform fee), no password yet, and an email with the
 * /streamer-password-setup/:email link. Email and username are unique: taken ones are refused with a reason.
 */
export async function registerStreamer(env: Env, viewer: Viewer | null, input: RegisterStreamerInput, origin: string) {
  assertStaff(viewer, "influencers");
  const db = getDb(env);
  const id = newId();
  const email = input.email.toLowerCase();
  try {
    await db.batch([
      db.insert(users).values({
        id,
        username: input.username,
        fullName: input.fullName,
        email,
        country: input.country,
        isStreamer: true,
      }),
      db.insert(streamerProfiles).values({ userId: id }),
      auditStatement(db, viewer, { action: "influencer.register", entity: "user", entityId: id, after: input }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
      if (text.includes("email")) throw conflict(STAFF_STREAMER_COPY.emailTaken, "email");
      throw conflict(STAFF_STREAMER_COPY.usernameTaken, "username");
    }
    throw error;
  }
  await sendStreamerSetup(env, { id, email }, origin);
  return { id };
}

/**
 * Removes a streamer from the platform: their gigs archived, their future slots closed, off the landing page,
 * no longer a streamer, their sessions ended (one batch, audited). Paid future bookings decide the mode: without
 * removeClean the removal is refused while there are any; with it, each of those slots is refunded in full to
 * every buyer's wallet (the booking feature's one path for a creator's cancellation, once each, notified).
 * Refused while they are live (End Session settles the queue first). Orders, payouts and history stay.
 */
export async function removeStreamer(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  options: { removeClean: boolean },
  now = new Date(),
) {
  assertStaff(viewer, "influencers");
  const current = await getStreamerForStaff(env, viewer, streamerId);
  if (current.liveSessionId) throw conflict(STAFF_STREAMER_COPY.isLive);
  if (current.futurePaidBookings > 0 && !options.removeClean) throw conflict(STAFF_STREAMER_COPY.hasPaidFuture);
  const db = getDb(env);
  // The slots staff may still cancel: those starting after the policy's cut-off (cancellation-policy.ts).
  const cutoff = cancellableStartsAfter("staff", now);
  const cancellable = cutoff ? gt(slots.startsAt, cutoff) : undefined;
  const toRefund = await db
    .selectDistinct({ slotId: slots.id })
    .from(slots)
    .innerJoin(bookings, eq(bookings.slotId, slots.id))
    .where(and(eq(slots.streamerId, streamerId), eq(bookings.status, CANCELLABLE_BOOKING_STATUS), cancellable));
  const removal = [
    db
      .update(slots)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(slots.streamerId, streamerId), eq(slots.status, "open"), cancellable)),
    db
      .update(gigs)
      .set({ archivedAt: now })
      .where(and(eq(gigs.streamerId, streamerId), isNull(gigs.archivedAt))),
    db
      .update(streamerProfiles)
      .set({ showAtLanding: false, updatedAt: now })
      .where(eq(streamerProfiles.userId, streamerId)),
    db.update(users).set({ isStreamer: false }).where(eq(users.id, streamerId)),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, streamerId), isNull(sessions.revokedAt))),
    auditStatement(
      db,
      viewer,
      {
        action: "influencer.remove",
        entity: "user",
        entityId: streamerId,
        before: { futurePaidBookings: current.futurePaidBookings, gigs: current.gigs.length },
        after: { removeClean: options.removeClean, slotsRefunded: toRefund.length },
      },
      now,
    ),
  ] as const;
  const cancelIndex = removal.length;
  const results = await db.batch([
    ...removal,
    // Every confirmed buyer of the slots just cancelled is owed a full refund, in this same batch.
    ...slotCancellationStatements(db, {
      slotsWhere: sql`${col(bookings.slotId)} IN (SELECT ${col(slots.id)} FROM ${slots} WHERE ${col(slots.streamerId)} = ${streamerId} AND ${col(slots.status)} = 'cancelled' AND ${col(slots.updatedAt)} = ${now.getTime()})`,
      by: "staff",
      reason: STAFF_STREAMER_COPY.removedReason,
      createdBy: viewer.id,
      now,
    }),
    availabilityChangedStatement(db),
    catalogueChangedStatement(db),
  ]);
  const refunded = await afterSlotCancellation(env, slotCancellationResult(results, cancelIndex), now, "staff");
  return { removed: true, refundedBookings: refunded.length };
}
