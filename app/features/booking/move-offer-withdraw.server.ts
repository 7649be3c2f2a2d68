import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { deliverMessages } from "~/features/messages/index.server";
import { conflict, notFound } from "~/lib/errors";
import { availabilityChangedStatement, catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb } from "~/platform/db.server";
import { outboxKeys, outboxSelectStatement } from "~/platform/outbox.server";
import { moveOffers, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";

/** The outbox template of "<streamer> keeps <time> after all: your booking stands" (per withdrawn offer). */
const MOVE_WITHDRAWN_TEMPLATE = "move-withdrawn";

export type MoveOfferWithdrawn = { slotId: string; bookings: string[] };

/**
 * The streamer takes back an offer of another time (`offerSlotMoveToBuyers`) while no fan has answered it: only the
 * slot's streamer (or who manages their business), only while every offer from the slot still waits (none moved,
 * none refunded, none run out) and the slot has not started. One batch, each statement conditional on the slot
 * reopening in it: the slot opens again (its bookings never left it: they stay confirmed there), each fan is told
 * their booking stands (email and notification), and the offers are deleted, which frees the seats they held on the
 * new time. A fan's answer or the cron at the same moment leaves either the withdrawal or the answer, never both.
 */
export async function withdrawMoveOffer(
  env: Env,
  viewer: Viewer | null,
  input: { slotId: string },
  now = new Date(),
): Promise<MoveOfferWithdrawn> {
  const db = getDb(env);
  const [slot] = await db
    .select({ streamerId: slots.streamerId })
    .from(slots)
    .where(eq(slots.id, input.slotId))
    .limit(1);
  if (!slot) throw notFound(BOOKING_COPY.slotNotFound);
  assertManageBusiness(viewer, slot.streamerId);
  const at = now.getTime();
  const { slotId } = input;
  const reopenedNow = sql`EXISTS (SELECT 1 FROM slots reopened WHERE reopened.id = ${slotId}
    AND reopened.status = 'open' AND reopened.updated_at = ${at})`;
  const fromHere = sql`${col(moveOffers.fromSlotId)} = ${slotId} AND ${col(moveOffers.state)} = 'offered'`;
  const results = await db.batch([
    db
      .update(slots)
      .set({ status: "open", updatedAt: now })
      .where(
        and(
          eq(slots.id, slotId),
          eq(slots.status, "cancelled"),
          sql`${col(slots.startsAt)} > ${at} AND ${col(slots.startedAt)} IS NULL AND ${col(slots.noShowAt)} IS NULL`,
          sql`EXISTS (SELECT 1 FROM move_offers waiting WHERE waiting.from_slot_id = ${slotId}
            AND waiting.state = 'offered' AND waiting.expires_at > ${at})`,
          sql`NOT EXISTS (SELECT 1 FROM move_offers settled WHERE settled.from_slot_id = ${slotId}
            AND (settled.state <> 'offered' OR settled.expires_at <= ${at}))`,
        ),
      )
      .returning({ id: slots.id }),
    ...(["email", "notification"] as const).map((channel) =>
      outboxSelectStatement(
        db,
        {
          channel,
          template: MOVE_WITHDRAWN_TEMPLATE,
          key: sql`${`${MOVE_WITHDRAWN_TEMPLATE}:`} || ${col(moveOffers.id)} || ${`:${channel}`}`,
          params: sql`json_object('bookingId', ${col(moveOffers.bookingId)})`,
          table: moveOffers,
          where: sql`${fromHere} AND ${reopenedNow}`,
        },
        now,
      ),
    ),
    db
      .delete(moveOffers)
      .where(sql`${fromHere} AND ${reopenedNow}`)
      .returning({ offerId: moveOffers.id, bookingId: moveOffers.bookingId }),
    availabilityChangedStatement(db),
    // The slot is back on the public gig and star pages (docs/decisions/012).
    catalogueChangedStatement(db),
  ]);
  const withdrawn = results[3] as { offerId: string; bookingId: string }[];
  if ((results[0] as { id: string }[]).length === 0 || withdrawn.length === 0) {
    throw conflict(BOOKING_COPY.moveOfferNotWithdrawable);
  }
  await deliverMessages(
    env,
    withdrawn.flatMap((offer) => outboxKeys(`${MOVE_WITHDRAWN_TEMPLATE}:${offer.offerId}`, ["email", "notification"])),
    now,
  );
  return { slotId, bookings: withdrawn.map((offer) => offer.bookingId) };
}
