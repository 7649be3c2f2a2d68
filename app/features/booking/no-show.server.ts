import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { assertManageBusiness, type Viewer } from "~/features/access";
import { sendAlert } from "~/features/alerts/index.server";
import { deliverMessages } from "~/features/messages/index.server";
import { conflict, notFound } from "~/lib/errors";
import { formatMoney, money } from "~/lib/money";
import { orderPath } from "~/lib/paths";
import { availabilityChangedStatement, catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb } from "~/platform/db.server";
import { noticeEntry, type OutboxEntry, outboxKeys, outboxSelectStatement } from "~/platform/outbox.server";
import { bookings, outboxMessages, slots } from "~db/schema";
import { type CancelOutcome, cancelAndRefund, chosenRefundDestination, ownBookingWithOrder } from "./cancel.server";
import { NO_SHOW_REFUNDED_TEMPLATE } from "./cancel-messages.server";
import { type RefundDestination, refundFor } from "./cancellation-policy";
import { BOOKING_COPY } from "./copy";
import { NO_SHOW_CLAIMED_TEMPLATE, NO_SHOW_OFFERED_TEMPLATE } from "./no-show-messages.server";
import { START_WINDOW_BEFORE_MS } from "./no-show-policy";
import {
  canStartSlot,
  noShowOfferDueSql,
  noShowRefundOffered,
  noShowRefundOfferedSql,
  startableSlotSql,
  streamerNoShowDueSql,
} from "./no-show-policy.server";
import { afterSlotCancellation, slotCancellationResult, slotCancellationStatements } from "./slot-cancel.server";

/** The outbox templates of the no-show rule: "the session started, here is the lobby code" and "you did not start". */
const SLOT_STARTED_TEMPLATE = "slot-started";
const STREAMER_NO_SHOW_TEMPLATE = "streamer-no-show";

/** How far back the cron looks for slots not started (bounds its index range; the cron runs every minute). */

/**
 * The streamer presses "Start session" on a booked slot: one conditional write (only while the slot is open, neither
 * started nor a no-show, from 30 minutes before its start until the no-show deadline or its end, whichever is first)
 * with, in the same batch, a message to each fan of a confirmed booking carrying the lobby code (rendered when
 * delivered). Racing the no-show refunds, exactly one of them wins: each is conditional on the other not having
 * happened.
 */
export async function startSlotSession(env: Env, viewer: Viewer | null, slotId: string, now = new Date()) {
  const db = getDb(env);
  const slot = await db
    .select({
      streamerId: slots.streamerId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      startedAt: slots.startedAt,
      noShowAt: slots.noShowAt,
      status: slots.status,
    })
    .from(slots)
    .where(eq(slots.id, slotId))
    .get();
  if (!slot) throw notFound(BOOKING_COPY.slotNotFound);
  assertManageBusiness(viewer, slot.streamerId);
  if (slot.startedAt) throw conflict(BOOKING_COPY.alreadyStartedByStreamer);
  if (!canStartSlot(slot, now)) {
    throw conflict(
      now.getTime() < slot.startsAt.getTime() - START_WINDOW_BEFORE_MS
        ? BOOKING_COPY.cannotStartYet
        : BOOKING_COPY.cannotStart,
    );
  }
  const at = now.getTime();
  const startedNow = sql`${col(bookings.slotId)} = ${slotId} AND ${col(bookings.status)} = 'confirmed'
    AND EXISTS (SELECT 1 FROM ${slots} s WHERE s.id = ${slotId} AND s.started_at = ${at})`;
  const [started] = await db.batch([
    db
      .update(slots)
      .set({ startedAt: now, updatedAt: now })
      // The policy's SQL twin of `canStartSlot`: racing the no-show refunds or a second tap, one start wins.
      .where(and(eq(slots.id, slotId), startableSlotSql(now)))
      .returning({ id: slots.id }),
    ...(["email", "notification"] as const).map((channel) =>
      outboxSelectStatement(
        db,
        {
          channel,
          template: SLOT_STARTED_TEMPLATE,
          key: sql`${`${SLOT_STARTED_TEMPLATE}:`} || ${col(bookings.id)} || ${`:${channel}`}`,
          params: sql`json_object('bookingId', ${col(bookings.id)})`,
          table: bookings,
          where: startedNow,
        },
        now,
      ),
    ),
  ]);
  if ((started as unknown[]).length === 0) throw conflict(BOOKING_COPY.cannotStart);
  const told = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), eq(bookings.status, "confirmed")));
  await deliverMessages(
    env,
    told.flatMap((row) => outboxKeys(`${SLOT_STARTED_TEMPLATE}:${row.id}`, ["email", "notification"])),
    now,
  );
  return { slotId, told: told.length };
}

/**
 * A fan taps "Get a full refund" on a booking whose streamer has not started 15 minutes after the start: the booking
 * is cancelled and its order refunded in full, in one batch, to the wallet (or, for a card payment when the fan
 * chooses it, owed to the card and carried out at once, retried if Stripe fails). Conditional on the booking still
 * confirmed and the slot still neither started nor a no-show, so racing the cron, a second tap or a late start, the
 * order is refunded once.
 */
export async function claimNoShowRefund(
  env: Env,
  viewer: Viewer,
  bookingId: string,
  now: Date = new Date(),
  choice: { refundTo?: RefundDestination } = {},
): Promise<CancelOutcome> {
  const booking = await ownBookingWithOrder(getDb(env), viewer, bookingId);
  const slot = { ...booking, status: booking.slotStatus };
  if (!noShowRefundOffered(slot, booking.status, now)) throw conflict(BOOKING_COPY.noShowRefundNotOffered);
  const refundTo = chosenRefundDestination(booking.paymentMethod, choice);
  const amount = refundFor("full", booking.amountMinor, booking.refundedMinor);
  const toCard = refundTo === "card" && amount > 0;
  const refunded = formatMoney(money(amount, booking.currency));
  const notice = noticeEntry(`no-show-refund:${booking.bookingId}`, {
    userId: viewer.id,
    type: "booking",
    title: toCard
      ? `The streamer did not start: ${refunded} is being refunded to your card (5–10 days)`
      : `The streamer did not start: ${refunded} refunded to your wallet`,
    url: toCard ? orderPath(booking.orderId) : "/profile#wallet",
  });
  // The refund email with the calendar's METHOD:CANCEL, and the streamer told: written with the cancellation.
  const told: OutboxEntry[] = [
    {
      key: `${NO_SHOW_REFUNDED_TEMPLATE}:${booking.bookingId}:email`,
      channel: "email",
      template: NO_SHOW_REFUNDED_TEMPLATE,
      params: { bookingId: booking.bookingId },
    },
    {
      key: `${NO_SHOW_CLAIMED_TEMPLATE}:${booking.bookingId}:notification`,
      channel: "notification",
      template: NO_SHOW_CLAIMED_TEMPLATE,
      params: { bookingId: booking.bookingId },
    },
  ];
  const { refundPending } = await cancelAndRefund(env, booking, {
    amount,
    refundTo,
    reason: `The streamer did not start the session (full refund, to the ${toCard ? "card" : "wallet"})`,
    createdBy: viewer.id,
    // The policy's SQL twin of `noShowRefundOffered`: still confirmed, the slot still neither started nor a no-show;
    // racing the cron or a start, one wins.
    guard: noShowRefundOfferedSql(now),
    now,
    entries: [notice, ...told],
    extra: [],
    lost: BOOKING_COPY.noShowRefundNotOffered,
  });
  return {
    bookingId: booking.bookingId,
    orderId: booking.orderId,
    slotId: booking.slotId,
    tier: "full",
    refundedMinor: amount,
    currency: booking.currency,
    refundTo,
    refundPending,
  };
}

/**
 * The cron's no-show sweep: every slot due (`streamerNoShowDueSql`, the twin of `streamerNoShowDue`) is, in ONE batch, marked a streamer no-show and closed
 * (never payable again: fulfilment takes seats only on an open slot), every booking still confirmed cancelled and owed
 * a full refund to the wallet, its unpaid holds released, and its fans and streamer told (outbox). The refunds are then
 * carried out (retried until done). Conditional throughout, so overlapping runs, a fan's tap and a late start refund
 * each order once. Returns the slots marked.
 */
export async function refundStreamerNoShows(env: Env, now: Date = new Date()): Promise<string[]> {
  const db = getDb(env);
  const at = now.getTime();
  const markedNow = sql`(SELECT ${col(slots.id)} FROM ${slots} WHERE ${col(slots.noShowAt)} = ${at})`;
  const mark = db
    .update(slots)
    .set({ noShowAt: now, status: "cancelled", updatedAt: now })
    .where(streamerNoShowDueSql(now))
    .returning({ id: slots.id });
  const results = await db.batch([
    mark,
    ...slotCancellationStatements(db, {
      slotsWhere: sql`${col(bookings.slotId)} IN ${markedNow}`,
      by: "no_show",
      reason: "The streamer did not start the session: refunded in full",
      createdBy: null,
      now,
    }),
    ...(["email", "notification"] as const).map((channel) =>
      outboxSelectStatement(
        db,
        {
          channel,
          template: STREAMER_NO_SHOW_TEMPLATE,
          key: sql`${`${STREAMER_NO_SHOW_TEMPLATE}:`} || ${col(slots.id)} || ${`:${channel}`}`,
          params: sql`json_object('slotId', ${col(slots.id)})`,
          table: slots,
          where: sql`${col(slots.noShowAt)} = ${at}`,
        },
        now,
      ),
    ),
    availabilityChangedStatement(db),
    catalogueChangedStatement(db),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const marked = (results[0] as { id: string }[]).map((row) => row.id);
  if (marked.length === 0) return [];
  await afterSlotCancellation(env, slotCancellationResult(results, 1), now, "no_show");
  await deliverMessages(
    env,
    marked.flatMap((id) => outboxKeys(`${STREAMER_NO_SHOW_TEMPLATE}:${id}`, ["email", "notification"])),
    now,
  );
  return marked;
}

/**
 * The cron's offer of the no-show refund: 15 minutes after the start of a slot its streamer has not started, each fan
 * still booked is told once that the one-tap refund is there (email and notification through the outbox, keyed by
 * the booking, and a push to their devices). Overlapping runs tell once. Returns the bookings told this run.
 */
export async function offerNoShowRefunds(env: Env, now: Date = new Date()): Promise<string[]> {
  const db = getDb(env);
  const rows = await db
    .select({ id: bookings.id, userId: bookings.userId })
    .from(bookings)
    .where(noShowOfferDueSql(now));
  if (rows.length === 0) return [];
  const fresh = await db.batch(
    rows.flatMap((row) =>
      (["email", "notification"] as const).map((channel) =>
        db
          .insert(outboxMessages)
          .values({
            id: `${NO_SHOW_OFFERED_TEMPLATE}:${row.id}:${channel}`,
            channel,
            template: NO_SHOW_OFFERED_TEMPLATE,
            params: { bookingId: row.id },
            nextAttemptAt: now,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: outboxMessages.id }),
      ),
    ) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
  const written = (fresh as { id: string }[][]).flat().map((row) => row.id);
  if (written.length === 0) return [];
  await deliverMessages(env, written, now);
  const told = rows.filter((row) => written.includes(`${NO_SHOW_OFFERED_TEMPLATE}:${row.id}:notification`));
  for (const row of told) {
    await sendAlert(env, {
      key: `no-show-offer:${row.id}`,
      kind: "no_show",
      userId: row.userId,
      push: {
        title: "Your session has not started",
        body: "Take a full refund now with one tap, or keep waiting.",
        url: `/profile#orders`,
        tag: `no-show-${row.id}`,
      },
      email: null,
    });
  }
  return told.map((row) => row.id);
}
