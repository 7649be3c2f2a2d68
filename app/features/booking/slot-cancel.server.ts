import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { sendAlert } from "~/features/alerts/index.server";
import { deliverMessages } from "~/features/messages/index.server";
import { endReleasedCheckouts } from "~/features/payments/index.server";
import { givePromoUseBackStatement } from "~/features/promo/index.server";
import { owedRefundIds, owedRefundsStatement, settleRefunds } from "~/features/wallet/index.server";
import { availabilityChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, selectInChunks } from "~/platform/db.server";
import { outboxKeys, outboxSelectStatement } from "~/platform/outbox.server";
import { bookings, orders } from "~db/schema";
import type { CancelOutcome } from "./cancel.server";
import { type Canceller, SLOT_CANCELLATION_TIER } from "./cancellation-policy";
import { cancellableBookingSql } from "./cancellation-policy.server";

/** The outbox template of "the streamer cancelled your session" (email and notification), one per booking. */
const SLOT_CANCELLED_TEMPLATE = "slot-cancelled";
/** The same when staff removed the streamer (their slots cancelled with them): the fan is told why. */
const STREAMER_REMOVED_TEMPLATE = "streamer-removed";

/** The same when the streamer did not start the slot (the no-show cron cancelled it). */
const NO_SHOW_CANCELLED_TEMPLATE = "no-show-cancelled";

/** Who or what cancelled the slots: the fan is told which (the staff removal and the no-show in their own words). */
export type SlotCanceller = Exclude<Canceller, "buyer"> | "no_show";

/** The template telling a buyer their slot was cancelled, by who or what cancelled it. */
const slotCancelledTemplate = (by: SlotCanceller) =>
  by === "staff" ? STREAMER_REMOVED_TEMPLATE : by === "no_show" ? NO_SHOW_CANCELLED_TEMPLATE : SLOT_CANCELLED_TEMPLATE;

/**
 * The statements, for the batch that cancels slots, that cancel every confirmed booking of them and record what that
 * owes each buyer: a full refund (what is left to refund of the order) owed to their wallet, their promo code's use
 * given back, and an email and a notification (outbox rows). `slotsWhere` is a condition on `bookings` (write its
 * columns with `col()`), e.g. "the booking's slot is this one". Set-based: a booking confirmed between any read and
 * this batch is cancelled and refunded too. Its unpaid holds are released in the same batch (orders cancelled,
 * bookings expired, promo uses given back). Read what it did with `slotCancellationResult`; a second run cancels,
 * owes, releases and tells nothing more.
 */
export function slotCancellationStatements(
  db: Db,
  input: { slotsWhere: SQL; by: SlotCanceller; reason: string; createdBy: string | null; now: Date },
) {
  const at = input.now.getTime();
  const template = slotCancelledTemplate(input.by);
  const cancelledNow = sql`${input.slotsWhere} AND ${col(bookings.status)} = 'cancelled' AND ${col(bookings.cancelledAt)} = ${at}`;
  const ordersCancelledNow = sql`(SELECT ${col(bookings.orderId)} FROM ${bookings} WHERE ${cancelledNow})`;
  const heldOrders = sql`(SELECT ${col(bookings.orderId)} FROM ${bookings} WHERE ${input.slotsWhere} AND ${col(bookings.status)} = 'held')`;
  return [
    db
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: input.now, updatedAt: input.now })
      .where(
        and(
          input.slotsWhere,
          // A no-show is the streamer's cancellation: no cut-off (it happens after the start).
          cancellableBookingSql(input.by === "no_show" ? "streamer" : input.by, input.now),
        ),
      )
      .returning({
        bookingId: bookings.id,
        orderId: bookings.orderId,
        slotId: bookings.slotId,
        userId: bookings.userId,
      }),
    // Unpaid holds are released with it: their orders cancelled (returned, for their Checkout sessions to be expired
    // after the batch), then their bookings expired, so nothing of the slot is left to pay for.
    db
      .update(orders)
      .set({ status: "cancelled", updatedAt: input.now })
      .where(sql`${col(orders.id)} IN ${heldOrders} AND ${col(orders.status)} = 'pending_payment'`)
      .returning({ orderId: orders.id }),
    db
      .update(bookings)
      .set({ status: "expired", holdExpiresAt: null, updatedAt: input.now })
      .where(
        sql`${input.slotsWhere} AND ${col(bookings.status)} = 'held' AND EXISTS (SELECT 1 FROM ${orders} WHERE ${col(orders.id)} = ${col(bookings.orderId)} AND ${col(orders.status)} = 'cancelled')`,
      ),
    givePromoUseBackStatement(
      db,
      sql`(SELECT ${col(bookings.orderId)} FROM ${bookings} WHERE ${input.slotsWhere} AND ${col(bookings.status)} = 'expired')`,
    ),
    owedRefundsStatement(db, {
      orders: sql`${col(orders.id)} IN ${ordersCancelledNow}`,
      reason: input.reason,
      createdBy: input.createdBy,
      now: input.now,
    }),
    givePromoUseBackStatement(db, ordersCancelledNow),
    ...(["email", "notification"] as const).map((channel) =>
      outboxSelectStatement(
        db,
        {
          channel,
          template,
          key: sql`${`${template}:`} || ${col(bookings.id)} || ${`:${channel}`}`,
          params: sql`json_object('bookingId', ${col(bookings.id)})`,
          table: bookings,
          where: cancelledNow,
        },
        input.now,
      ),
    ),
  ] as const;
}

/** What the batch of `slotCancellationStatements` did: the bookings it cancelled and the unpaid orders it released. */
export type SlotCancellation = {
  cancelled: { bookingId: string; orderId: string; slotId: string; userId: string }[];
  released: { orderId: string }[];
};

/** Reads `SlotCancellation` from a batch's results, its statements starting at `start`. */
export function slotCancellationResult(results: readonly unknown[], start: number): SlotCancellation {
  return {
    cancelled: results[start] as SlotCancellation["cancelled"],
    released: results[start + 1] as SlotCancellation["released"],
  };
}

/**
 * After the batch of `slotCancellationStatements` committed: expires the Checkout sessions of the holds it released
 * (one paid meanwhile is refunded as a late payment), carries out the refunds it made owed and delivers its messages
 * (each retried by the JOBS queue and the cron if it fails now; the rows are the record).
 */
export async function afterSlotCancellation(
  env: Env,
  { cancelled, released }: SlotCancellation,
  now: Date,
  by: SlotCanceller = "streamer",
): Promise<CancelOutcome[]> {
  await endReleasedCheckouts(
    env,
    released.map((row) => row.orderId),
  );
  if (cancelled.length === 0) return [];
  const owed = await owedRefundIds(env, { orderIds: cancelled.map((row) => row.orderId) });
  await settleRefunds(env, owed, now);
  await deliverMessages(
    env,
    cancelled.flatMap((row) => outboxKeys(`${slotCancelledTemplate(by)}:${row.bookingId}`, ["email", "notification"])),
    now,
  );
  // "Your session was cancelled" is pushed to each fan's devices too (their email is the message above).
  for (const row of cancelled) {
    await sendAlert(env, {
      key: `cancelled:${row.bookingId}`,
      kind: "cancelled",
      userId: row.userId,
      push: {
        title: "Your session was cancelled",
        body: "You get a full refund to your wallet.",
        url: "/profile#orders",
        tag: `cancelled-${row.bookingId}`,
      },
      email: null,
    });
  }
  const db = getDb(env);
  const amounts = await selectInChunks(
    cancelled.map((row) => row.orderId),
    (chunk) =>
      db
        .select({ orderId: orders.id, refundedMinor: orders.refundedMinor, currency: orders.currency })
        .from(orders)
        .where(inArray(orders.id, chunk)),
  );
  const byOrder = new Map(amounts.map((row) => [row.orderId, row]));
  return cancelled.map((row) => ({
    bookingId: row.bookingId,
    orderId: row.orderId,
    slotId: row.slotId,
    tier: SLOT_CANCELLATION_TIER,
    refundedMinor: byOrder.get(row.orderId)?.refundedMinor ?? 0,
    currency: byOrder.get(row.orderId)?.currency ?? "USD",
  }));
}

/**
 * Every confirmed buyer of a slot whose streamer cancelled it (or was removed) is refunded in full to their wallet,
 * once each, and told by email and in the app. The caller checks that `actorId` may cancel the slot BEFORE calling
 * this, and closes the slot in `extra` (statements run first in the same batch). Its unpaid holds are released.
 * Returns the bookings it cancelled; calling it again cancels and refunds nothing more.
 */
export async function refundSlotBookingsInFull(
  env: Env,
  slotId: string,
  reason: string,
  actorId: string | null,
  now: Date = new Date(),
  extra: BatchItem<"sqlite">[] = [],
): Promise<CancelOutcome[]> {
  const db = getDb(env);
  const results = await db.batch([
    ...(extra as [BatchItem<"sqlite">]),
    ...slotCancellationStatements(db, {
      slotsWhere: sql`${col(bookings.slotId)} = ${slotId}`,
      by: "streamer",
      reason,
      createdBy: actorId,
      now,
    }),
    availabilityChangedStatement(db),
  ]);
  return afterSlotCancellation(env, slotCancellationResult(results, extra.length), now);
}
