import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { deliverMessages } from "~/features/messages/index.server";
import { seatsTakenSql } from "~/features/seats";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { outboxKeys, outboxSelectStatement } from "~/platform/outbox.server";
import { slots, waitlistEntries } from "~db/schema";
import { firstToOfferSql, offerExpiresAt, offerHoldsSql, seatsFreeSql } from "./offer-policy.server";
import { OFFERS_PER_BATCH_MAX, SWEEP_SLOTS_MAX } from "./rules";

/**
 * Offering freed seats to a slot's waitlist (docs/domain.md "Waitlist place"). Every offer is ONE conditional UPDATE:
 * the first waiting place in line (lowest position) whose seats fit the seats free at that instant turns `offered`,
 * with an expiry OFFER_MINUTES away. Its seats then count as taken (booking/seats.ts), exactly like a checkout hold,
 * so the next offer statement, a buyer's booking insert and fulfilment's re-check all see them gone: no seat is offered
 * to two fans, and the slot is never over-booked. A batch holds several such statements (each re-reads the seats free),
 * then the outbox rows (an email and a notification per offer made) and the catalogue's availability bump.
 */

type Offered = { id: string; userId: string; seats: number };

/** The template of "seats are held for you" (email and notification), one pair per offered place. */
const WAITLIST_OFFER_TEMPLATE = "waitlist-offer";

/**
 * Whether an offer pass on the slot would offer anyone at `at`: seats are free (an expired offer or hold freed them,
 * or the slot's seats grew) and a fan waiting in its line fits them. The free seats are compared first, so a full
 * slot answers without walking its line. For a caller that changed nothing that frees seats (a fan joining the line)
 * but must not leave a seat idle that a waiting fan fits: only then is `offerFreedSeats` worth its batch.
 */
export function offerDueStatement(db: Db, slotId: string, at: number) {
  return db
    .select({
      due: sql<number>`(${seatsFreeSql(slotId, at)} > 0 AND EXISTS (SELECT 1 FROM waitlist_entries line
        WHERE line.slot_id = ${slotId} AND line.status = 'waiting' AND line.seats <= ${seatsFreeSql(slotId, at)}))`.mapWith(
        Number,
      ),
    })
    .from(slots)
    .where(eq(slots.id, slotId));
}

/** One offer: the first waiting place that fits, if any (returns the place it offered, or nothing). */
function offerStatement(db: Db, slotId: string, now: Date) {
  return (
    db
      .update(waitlistEntries)
      .set({ status: "offered", offeredAt: now, offerExpiresAt: offerExpiresAt(now), updatedAt: now })
      // The policy's SQL twin of `firstToOffer`: the first waiting place that fits the seats free in this statement.
      .where(firstToOfferSql(slotId, now))
      .returning({ id: waitlistEntries.id, userId: waitlistEntries.userId, seats: waitlistEntries.seats })
  );
}

/** The offers of a slot whose time is up stop being offers (they already stopped counting at their expiry). */
function lapseStatement(db: Db, where: SQL, now: Date) {
  return db
    .update(waitlistEntries)
    .set({ status: "lapsed", updatedAt: now })
    .where(and(where, eq(waitlistEntries.status, "offered"), sql`NOT ${offerHoldsSql(now)}`))
    .returning({ id: waitlistEntries.id, slotId: waitlistEntries.slotId });
}

/** The email and the notification of every place of the slot offered at `now` (keys: one pair per place). */
function offerMessageStatements(db: Db, slotId: string, now: Date) {
  const offeredNow = sql`${col(waitlistEntries.slotId)} = ${slotId} AND ${col(waitlistEntries.status)} = 'offered'
    AND ${col(waitlistEntries.offeredAt)} = ${now.getTime()}`;
  return (["email", "notification"] as const).map((channel) =>
    outboxSelectStatement(
      db,
      {
        channel,
        template: WAITLIST_OFFER_TEMPLATE,
        key: sql`${`${WAITLIST_OFFER_TEMPLATE}:`} || ${col(waitlistEntries.id)} || ${`:${channel}`}`,
        params: sql`json_object('entryId', ${col(waitlistEntries.id)})`,
        table: waitlistEntries,
        where: offeredNow,
      },
      now,
    ),
  );
}

/**
 * The statements that offer a slot's freed seats, for a caller's batch (a cancellation, a released hold): `count`
 * offers at most, then their messages. Each is conditional, so extra statements offer nothing; `offerFreedSeats`
 * afterwards offers whatever is left and delivers the messages.
 */
export function offerStatements(db: Db, slotId: string, now: Date, count: number): BatchItem<"sqlite">[] {
  const offers = Array.from({ length: Math.min(Math.max(count, 1), OFFERS_PER_BATCH_MAX) }, () =>
    offerStatement(db, slotId, now),
  );
  return [...offers, ...offerMessageStatements(db, slotId, now)];
}

/** The message keys of offered places. */
function offerMessageKeys(entryIds: readonly string[]): string[] {
  return entryIds.flatMap((id) => outboxKeys(`${WAITLIST_OFFER_TEMPLATE}:${id}`, ["email", "notification"]));
}

/** The places a batch of `offerStatements` offered, from its results (`from` is the index of the first offer). */
function offeredIn(results: readonly unknown[], from: number, count: number): Offered[] {
  const n = Math.min(Math.max(count, 1), OFFERS_PER_BATCH_MAX);
  return results.slice(from, from + n).flatMap((rows) => rows as Offered[]);
}

/**
 * Offers a slot's free seats to its waitlist, in order, until no waiting fan fits (or the slot is not open): lapses the
 * slot's offers whose time is up, then batches of offers (each batch's statements re-check the seats free, so
 * concurrent callers never offer a seat twice). Returns the places offered by this call; their fans are told.
 */
export async function offerFreedSeats(env: Env, slotId: string, now = new Date()): Promise<Offered[]> {
  const db = getDb(env);
  const made: Offered[] = [];
  for (let round = 0; round < 100 / OFFERS_PER_BATCH_MAX + 1; round++) {
    const results = await db.batch([
      lapseStatement(db, eq(waitlistEntries.slotId, slotId), now),
      ...(offerStatements(db, slotId, now, OFFERS_PER_BATCH_MAX) as [BatchItem<"sqlite">]),
      availabilityChangedStatement(db),
    ]);
    const offered = offeredIn(results, 1, OFFERS_PER_BATCH_MAX);
    made.push(...offered);
    // Fewer offers than statements: at the batch's end nobody waiting fitted the seats free.
    if (offered.length < OFFERS_PER_BATCH_MAX) break;
  }
  // Tell every fan with a live offer on the slot not told yet: these offers, and those another batch wrote (a
  // cancellation's or a released hold's own offer statements). Only pending messages are sent, once each.
  const live = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.status, "offered")));
  if (live.length > 0) {
    await deliverMessages(env, offerMessageKeys(live.map((entry) => entry.id)), now);
  }
  return made;
}

/**
 * The every-minute sweep (workers/jobs.ts): offers whose hold lapsed stop, and every open slot where a waiting fan fits
 * the seats free now is offered again (a lapsed offer, an expired hold the sweep released, seats added). Returns how
 * many places were offered.
 */
export async function sweepWaitlists(env: Env, now = new Date()): Promise<{ lapsed: number; offered: number }> {
  const db = getDb(env);
  const lapsed = await lapseStatement(db, sql`1 = 1`, now);
  const at = now.getTime();
  const due = await db
    .selectDistinct({ slotId: waitlistEntries.slotId })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .where(
      and(
        eq(waitlistEntries.status, "waiting"),
        eq(slots.status, "open"),
        sql`${col(slots.startsAt)} > ${at}`,
        sql`${col(waitlistEntries.seats)} <= ${col(slots.seats)} - ${seatsTakenSql(col(slots.id), at)}`,
      ),
    )
    .limit(SWEEP_SLOTS_MAX);
  let offered = 0;
  for (const { slotId } of due) {
    try {
      offered += (await offerFreedSeats(env, slotId, now)).length;
    } catch (error) {
      log.error("waitlist.offer_failed", { slotId, error });
    }
  }
  return { lapsed: lapsed.length, offered };
}

/**
 * For the purchase batch: once the buyer's booking is written, their live place in the slot's line (waiting or offered)
 * is done (`accepted`): the seats an offer held become the booking's. Conditional on the booking existing, so a refused
 * purchase leaves the place as it was.
 */
export function acceptPlaceStatement(db: Db, input: { slotId: string; userId: string; bookingId: string; now: Date }) {
  return db
    .update(waitlistEntries)
    .set({ status: "accepted", updatedAt: input.now })
    .where(
      and(
        eq(waitlistEntries.slotId, input.slotId),
        eq(waitlistEntries.userId, input.userId),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
        // The booking is on this slot now (bought in this batch, or moved to it).
        sql`EXISTS (SELECT 1 FROM bookings b WHERE b.id = ${input.bookingId} AND b.slot_id = ${input.slotId})`,
      ),
    )
    .returning({ id: waitlistEntries.id });
}
