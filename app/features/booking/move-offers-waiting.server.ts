import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { type Db, ID_CHUNK_SIZE, selectInChunks } from "~/platform/db.server";
import { moveOffers, slots } from "~db/schema";

/**
 * A streamer's offer of another time that buyers are still deciding on: the slot it moves them from and the one it
 * moves them to (with its time), how many buyers have not answered, their seats (held on the new slot meanwhile) and
 * the last of their deadlines (after it the cron refunds whoever has not answered).
 */
export type WaitingMoveOffers = {
  fromSlotId: string;
  toSlotId: string;
  to: { startsAt: Date; endsAt: Date };
  buyers: number;
  seats: number;
  until: Date;
  /** Whether any buyer of the old slot already answered (or ran out): the offer can then no longer be withdrawn. */
  answered: boolean;
};

/**
 * The offers still waiting for an answer (state `offered`, deadline not reached) from or to any of `slotIds`, one
 * entry per pair of slots. An offer past its deadline is no longer a buyer deciding: the cron refunds it within the
 * minute.
 */
export async function waitingMoveOffersOf(db: Db, slotIds: string[], now: Date): Promise<WaitingMoveOffers[]> {
  if (slotIds.length === 0) return [];
  // Each chunk's ids are bound twice (from or to): half a chunk keeps a statement under D1's bound parameters.
  const rows = await selectInChunks(
    slotIds,
    (chunk) =>
      db
        .select({
          fromSlotId: moveOffers.fromSlotId,
          toSlotId: moveOffers.toSlotId,
          startsAt: slots.startsAt,
          endsAt: slots.endsAt,
          buyers: sql<number>`count(DISTINCT ${moveOffers.userId})`.mapWith(Number),
          seats: sql<number>`sum(${moveOffers.seats})`.mapWith(Number),
          until: sql<number>`max(${moveOffers.expiresAt})`.mapWith(Number),
          answered: sql<number>`EXISTS (SELECT 1 FROM move_offers settled
            WHERE settled.from_slot_id = ${moveOffers.fromSlotId} AND settled.state <> 'offered')`.mapWith(Number),
        })
        .from(moveOffers)
        .innerJoin(slots, eq(slots.id, moveOffers.toSlotId))
        .where(
          and(
            eq(moveOffers.state, "offered"),
            gt(moveOffers.expiresAt, now),
            or(inArray(moveOffers.fromSlotId, chunk), inArray(moveOffers.toSlotId, chunk)),
          ),
        )
        .groupBy(moveOffers.fromSlotId, moveOffers.toSlotId),
    Math.floor(ID_CHUNK_SIZE / 2),
  );
  // A pair of slots in two chunks (from in one, to in the other) comes back from both: once is enough.
  const byPair = new Map(rows.map((row) => [`${row.fromSlotId}>${row.toSlotId}`, row]));
  return [...byPair.values()].map((row) => ({
    fromSlotId: row.fromSlotId,
    toSlotId: row.toSlotId,
    to: { startsAt: row.startsAt, endsAt: row.endsAt },
    buyers: row.buyers,
    seats: row.seats,
    until: new Date(row.until),
    answered: row.answered === 1,
  }));
}
