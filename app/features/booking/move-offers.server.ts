import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { seatsTakenSql } from "~/features/seats";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { availabilityChangedStatement, catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { outboxKeys, outboxSelectStatement } from "~/platform/outbox.server";
import { bookings, moveOffers, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";
import { type MoveOfferChoice, moveOfferExpiresAt } from "./move-offer-policy";
import { awaitingMoveSql } from "./move-offer-sql.server";
import { moveBookingStatements } from "./reschedule.server";
import {
  afterSlotCancellation,
  type SlotCancellation,
  slotCancellationResult,
  slotCancellationStatements,
} from "./slot-cancel.server";

/** The outbox template of "<streamer> can't make <old time>: move to <new time> or get a full refund" (per offer). */
const MOVE_OFFERED_TEMPLATE = "move-offered";

/** What the streamer's offer did: the offers it made (one per confirmed booking of the slot). */
export type MoveOffered = { slotId: string; toSlotId: string; offers: { offerId: string; bookingId: string }[] };

/**
 * The streamer cannot make a booked slot and offers its buyers another time (the caller checked that the viewer
 * manages the slot's business). One batch: an offer per confirmed booking (move-offer-policy.ts), written only
 * while the slot is open and not started and the new slot is another open slot of the same gig and streamer, not
 * started, with room for all of those seats at once (from then on held for them); then, only if offers were written,
 * the slot closes to new bookings, its unpaid holds are released (the slot cancellation's statements: no confirmed
 * booking is cancelled, each awaits its answer) and each fan is told (email and notification).
 */
export async function offerSlotMoveToBuyers(
  env: Env,
  input: { slotId: string; toSlotId: string; actorId: string | null },
  now = new Date(),
): Promise<MoveOffered> {
  const db = getDb(env);
  const [from] = await db.select({ startsAt: slots.startsAt }).from(slots).where(eq(slots.id, input.slotId)).limit(1);
  if (!from) throw notFound(BOOKING_COPY.slotNotFound);
  if (input.toSlotId === input.slotId) throw conflict(BOOKING_COPY.moveOfferTarget, "toSlotId");
  const at = now.getTime();
  const { slotId, toSlotId } = input;
  const madeNow = sql`EXISTS (SELECT 1 FROM move_offers made WHERE made.from_slot_id = ${slotId} AND made.created_at = ${at})`;
  const offerable = and(
    eq(bookings.slotId, slotId),
    eq(bookings.status, "confirmed"),
    sql`NOT ${awaitingMoveSql(col(bookings.id))}`,
    sql`EXISTS (SELECT 1 FROM slots old WHERE old.id = ${slotId} AND old.status = 'open' AND old.starts_at > ${at}
      AND old.started_at IS NULL AND old.no_show_at IS NULL)`,
    sql`EXISTS (SELECT 1 FROM slots target WHERE target.id = ${toSlotId} AND target.status = 'open'
      AND target.starts_at > ${at}
      AND target.product_id = (SELECT old.product_id FROM slots old WHERE old.id = ${slotId})
      AND target.influencer_id = (SELECT old.influencer_id FROM slots old WHERE old.id = ${slotId}))`,
    sql`${seatsTakenSql(sql`${toSlotId}`, now)} + (SELECT coalesce(sum(buyer.seats), 0) FROM bookings buyer
      WHERE buyer.slot_id = ${slotId} AND buyer.status = 'confirmed')
      <= (SELECT target.seats FROM slots target WHERE target.id = ${toSlotId})`,
  );
  const results = await db.batch([
    db
      .insert(moveOffers)
      .select(
        db
          .select({
            id: sql<string>`lower(hex(randomblob(10)))`.as("id"),
            bookingId: sql<string>`${col(bookings.id)}`.as("booking_id"),
            orderId: sql<string>`${col(bookings.orderId)}`.as("order_id"),
            userId: sql<string>`${col(bookings.userId)}`.as("user_id"),
            fromSlotId: sql<string>`${slotId}`.as("from_slot_id"),
            toSlotId: sql<string>`${toSlotId}`.as("to_slot_id"),
            seats: sql<number>`${col(bookings.seats)}`.as("seats"),
            state: sql<"offered">`'offered'`.as("state"),
            expiresAt: sql<Date>`${moveOfferExpiresAt(from.startsAt, now).getTime()}`.as("expires_at"),
            decidedAt: sql<Date | null>`NULL`.as("decided_at"),
            decisionId: sql<string | null>`NULL`.as("decision_id"),
            createdAt: sql<Date>`${at}`.as("created_at"),
          })
          .from(bookings)
          .where(offerable),
      )
      .onConflictDoNothing()
      .returning({ offerId: moveOffers.id, bookingId: moveOffers.bookingId }),
    db
      .update(slots)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(slots.id, slotId), eq(slots.status, "open"), madeNow)),
    ...slotCancellationStatements(db, {
      slotsWhere: sql`${col(bookings.slotId)} = ${slotId} AND ${madeNow}`,
      by: "streamer",
      reason: "Slot cancelled by the streamer",
      createdBy: input.actorId,
      now,
    }),
    ...(["email", "notification"] as const).map((channel) =>
      outboxSelectStatement(
        db,
        {
          channel,
          template: MOVE_OFFERED_TEMPLATE,
          key: sql`${`${MOVE_OFFERED_TEMPLATE}:`} || ${col(moveOffers.id)} || ${`:${channel}`}`,
          params: sql`json_object('offerId', ${col(moveOffers.id)})`,
          table: moveOffers,
          where: sql`${col(moveOffers.fromSlotId)} = ${slotId} AND ${col(moveOffers.createdAt)} = ${at}`,
        },
        now,
      ),
    ),
    availabilityChangedStatement(db),
    // The old slot leaves the public gig and star pages (docs/decisions/012).
    catalogueChangedStatement(db),
  ]);
  const offers = results[0] as { offerId: string; bookingId: string }[];
  if (offers.length === 0) throw await offerRefusal(db, slotId, now);
  await afterSlotCancellation(env, slotCancellationResult(results, 2), now);
  await deliverMessages(
    env,
    offers.flatMap((offer) => outboxKeys(`${MOVE_OFFERED_TEMPLATE}:${offer.offerId}`, ["email", "notification"])),
    now,
  );
  return { slotId, toSlotId, offers };
}

/** Why no offer was made, read after the batch that made none. */
async function offerRefusal(db: Db, slotId: string, now: Date) {
  const [buyers] = await db
    .select({ count: sql<number>`count(*)` })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, "confirmed")));
  const [slot] = await db
    .select({ status: slots.status, startsAt: slots.startsAt })
    .from(slots)
    .where(eq(slots.id, slotId));
  if (slot?.status !== "open" || slot.startsAt.getTime() <= now.getTime()) {
    return conflict(BOOKING_COPY.slotNotBookable);
  }
  if (!buyers || Number(buyers.count) === 0) return conflict(BOOKING_COPY.moveOfferNoBuyers);
  return conflict(BOOKING_COPY.moveOfferTarget, "toSlotId");
}

/**
 * The statements that refund the offers matching `offerWhere` still waiting for an answer: each turns `refunded`
 * (conditional on `offered`, so a second answer or the cron changes nothing), then its booking is cancelled with a
 * full refund owed to the wallet, the promo use given back and the fan told, by the slot cancellation's statements,
 * which find the bookings by this batch's own decision id. Read the result with `slotCancellationResult(results, 1)`.
 */
function refundOfferStatements(db: Db, offerWhere: SQL, now: Date) {
  const decision = newId();
  return [
    db
      .update(moveOffers)
      .set({ state: "refunded", decidedAt: now, decisionId: decision })
      .where(and(eq(moveOffers.state, "offered"), offerWhere))
      .returning({ offerId: moveOffers.id }),
    ...slotCancellationStatements(db, {
      slotsWhere: sql`EXISTS (SELECT 1 FROM move_offers decided WHERE decided.booking_id = ${col(bookings.id)}
        AND decided.decision_id = ${decision})`,
      by: "streamer",
      reason: "Slot cancelled by the streamer: refund instead of another time",
      createdBy: null,
      now,
    }),
  ] as const;
}

/** Runs `refundOfferStatements` and what follows the slot cancellation's batch; returns the offers it refunded. */
async function refundOffers(env: Env, offerWhere: SQL, now: Date): Promise<SlotCancellation["cancelled"]> {
  const db = getDb(env);
  const results = await db.batch(refundOfferStatements(db, offerWhere, now));
  const cancellation = slotCancellationResult(results, 1);
  await afterSlotCancellation(env, cancellation, now);
  return cancellation.cancelled;
}

/**
 * The every-minute cron: each offer still unanswered at its deadline (48 hours after it, or the old slot's start if
 * sooner), or whose new slot closed meanwhile (cancelled, or its streamer removed), is refunded in full to the wallet,
 * once, whatever the fan does at the same moment.
 */
export async function refundUnansweredMoveOffers(env: Env, now = new Date()): Promise<number> {
  const due = sql`(${col(moveOffers.expiresAt)} <= ${now.getTime()} OR NOT EXISTS (SELECT 1 FROM slots target
    WHERE target.id = ${col(moveOffers.toSlotId)} AND target.status = 'open'))`;
  const refunded = await refundOffers(env, due, now);
  return refunded.length;
}

/** The latest offer made on an order, with its booking as a move needs it. */
async function offerOfOrder(db: Db, orderId: string) {
  const [row] = await db
    .select(
      named({
        offerId: moveOffers.id,
        state: moveOffers.state,
        expiresAt: moveOffers.expiresAt,
        decidedAt: moveOffers.decidedAt,
        fromSlotId: moveOffers.fromSlotId,
        toSlotId: moveOffers.toSlotId,
        userId: moveOffers.userId,
        bookingId: bookings.id,
        orderId: bookings.orderId,
        slotId: bookings.slotId,
        seats: bookings.seats,
        inviteSequence: bookings.inviteSequence,
      }),
    )
    .from(moveOffers)
    .innerJoin(bookings, eq(bookings.id, moveOffers.bookingId))
    .where(eq(moveOffers.orderId, orderId))
    .orderBy(desc(moveOffers.createdAt))
    .limit(1);
  return row ?? null;
}

/** The viewer's own offer on the order: someone else's answers as a missing one. */
async function ownOffer(db: Db, viewer: Viewer, orderId: string) {
  const offer = await offerOfOrder(db, orderId);
  if (!offer || offer.userId !== viewer.id) throw notFound(BOOKING_COPY.moveOfferNotFound);
  return offer;
}

export type MoveOfferView = {
  offerId: string;
  orderId: string;
  state: "offered" | "moved" | "refunded";
  expiresAt: Date;
  seats: number;
  from: { startsAt: Date; endsAt: Date };
  to: { startsAt: Date; endsAt: Date };
};

/** The offer on the fan's order, for its page: the old and the new time, its deadline and state. */
export async function moveOfferFor(env: Env, viewer: Viewer, orderId: string): Promise<MoveOfferView> {
  const db = getDb(env);
  const offer = await ownOffer(db, viewer, orderId);
  const times = await db
    .select({ id: slots.id, startsAt: slots.startsAt, endsAt: slots.endsAt })
    .from(slots)
    .where(sql`${col(slots.id)} IN (${offer.fromSlotId}, ${offer.toSlotId})`);
  const time = (id: string) => {
    const slot = times.find((row) => row.id === id);
    if (!slot) throw notFound(BOOKING_COPY.slotNotFound);
    return { startsAt: slot.startsAt, endsAt: slot.endsAt };
  };
  return {
    offerId: offer.offerId,
    orderId: offer.orderId,
    state: offer.state,
    expiresAt: offer.expiresAt,
    seats: offer.seats,
    from: time(offer.fromSlotId),
    to: time(offer.toSlotId),
  };
}

export type MoveOfferAnswer = { orderId: string; bookingId: string; choice: MoveOfferChoice; slotId: string };

/**
 * Why an offer no longer waiting refuses an answer: it ran out (refunded at or after its deadline, by the cron or by
 * a late answer), or its fan already answered it.
 */
function settledRefusal(offer: { state: string; expiresAt: Date; decidedAt: Date | null } | null) {
  const ranOut =
    offer?.state === "refunded" && offer.decidedAt !== null && offer.decidedAt.getTime() >= offer.expiresAt.getTime();
  return conflict(ranOut ? BOOKING_COPY.moveOfferRanOut : BOOKING_COPY.moveOfferAnswered);
}

/**
 * The fan answers their streamer's offer (only the booking's own fan; once): `move` moves the booking and its order
 * to the offered slot (the fan's own move's batch, guarded by the offer still waiting and not run out, then the offer
 * turns `moved`); `refund` cancels it with a full refund to the wallet. An answer at or after the deadline settles
 * the offer at once as the cron would (the full refund), so a late `move` is refused (409, "ran out") only once the
 * refund has landed. Every path is conditional on the offer still waiting, so a second tab's answer and the cron at
 * the same moment leave one outcome and one refund at most.
 */
export async function answerMoveOffer(
  env: Env,
  viewer: Viewer,
  input: { orderId: string; choice: MoveOfferChoice },
  now = new Date(),
): Promise<MoveOfferAnswer> {
  const db = getDb(env);
  const offer = await ownOffer(db, viewer, input.orderId);
  if (offer.state !== "offered") throw settledRefusal(offer);
  const answer = { orderId: offer.orderId, bookingId: offer.bookingId, choice: input.choice };
  const ranOut = offer.expiresAt.getTime() <= now.getTime();
  if (input.choice === "refund" || ranOut) {
    const refunded = await refundOffers(env, eq(moveOffers.id, offer.offerId), now);
    if (refunded.length === 0) throw settledRefusal(await offerOfOrder(db, input.orderId));
    if (input.choice === "move") throw conflict(BOOKING_COPY.moveOfferRanOut);
    return { ...answer, slotId: offer.fromSlotId };
  }
  const move = moveBookingStatements(db, { ...offer, userId: viewer.id }, offer.toSlotId, now, [
    sql`EXISTS (SELECT 1 FROM move_offers answered WHERE answered.id = ${offer.offerId}
      AND answered.state = 'offered' AND answered.expires_at > ${now.getTime()})`,
  ]);
  const results = await db.batch([
    ...move.statements,
    db
      .update(moveOffers)
      .set({ state: "moved", decidedAt: now, decisionId: newId() })
      .where(and(eq(moveOffers.id, offer.offerId), eq(moveOffers.state, "offered"), move.moved)),
  ]);
  if ((results[1] as { id: string }[]).length === 0) {
    const current = await offerOfOrder(db, input.orderId);
    throw current?.state === "offered" ? conflict(BOOKING_COPY.slotNotBookable) : settledRefusal(current);
  }
  await deliverMessages(env, move.keys, now);
  return { ...answer, slotId: offer.toSlotId };
}
