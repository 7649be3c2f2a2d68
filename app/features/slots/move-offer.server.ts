import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { type MoveOffered, offerSlotMoveToBuyers } from "~/features/booking/index.server";
import { notFound } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { bookings, slots } from "~db/schema";
import { SLOT_COPY } from "./copy";
import { ownerOfSlot, upcomingSlots } from "./slots.server";

/**
 * The streamer, instead of only cancelling a booked slot, offers its buyers another time of the same gig
 * (`toSlotId`): only the slot's streamer (or who manages their business) may. The slot closes to new bookings and
 * each buyer answers (move or full refund), by the booking feature's one path for it.
 */
export async function offerSlotMove(
  env: Env,
  viewer: Viewer | null,
  input: { slotId: string; toSlotId: string },
  now = new Date(),
): Promise<MoveOffered> {
  const owner = await ownerOfSlot(getDb(env), input.slotId);
  assertManageBusiness(viewer, owner.streamerId);
  return offerSlotMoveToBuyers(env, { ...input, actorId: viewer?.id ?? null }, now);
}

/**
 * What an offer of another time would move, for the question asked before it is made: the slot's confirmed buyers
 * (bookings) and both start times. Only the slot's streamer (or who manages their business) may ask.
 */
export async function slotMoveSummary(
  env: Env,
  viewer: Viewer | null,
  input: { slotId: string; toSlotId: string },
): Promise<{ fans: number; from: Date; to: Date }> {
  const db = getDb(env);
  const owner = await ownerOfSlot(db, input.slotId);
  assertManageBusiness(viewer, owner.streamerId);
  const times = await db
    .select({ id: slots.id, startsAt: slots.startsAt })
    .from(slots)
    .where(and(inArray(slots.id, [input.slotId, input.toSlotId]), eq(slots.streamerId, owner.streamerId)));
  const from = times.find((slot) => slot.id === input.slotId);
  const to = times.find((slot) => slot.id === input.toSlotId);
  if (!from || !to) throw notFound(SLOT_COPY.notFound);
  const [buyers] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.slotId, input.slotId), eq(bookings.status, "confirmed")));
  return { fans: buyers?.count ?? 0, from: from.startsAt, to: to.startsAt };
}

/** A time a booked slot's buyers may be offered: another open, upcoming slot of the same gig with room for them all. */
export type MoveTarget = { id: string; startsAt: Date; endsAt: Date; seatsLeft: number };

/**
 * For each of the streamer's `booked` slots still open and not started, the times its buyers may be offered (the
 * calendar's "Offer another time"): the gig's other open slots not started, with seats left for all its buyers' seats.
 * The offer itself re-checks all of it.
 */
export async function moveTargetsOf(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  booked: { id: string; gigId: string | null; status: string; startsAt: Date; buyers: { seats: number }[] }[],
  now = new Date(),
): Promise<Record<string, MoveTarget[]>> {
  const offerable = booked.filter(
    (slot) => slot.gigId && slot.status === "open" && slot.startsAt > now && slot.buyers.length > 0,
  );
  if (offerable.length === 0) return {};
  const upcoming = (await upcomingSlots(env, viewer, streamerId, { limit: 200 }, now)).filter(
    (slot) => slot.startsAt > now,
  );
  return Object.fromEntries(
    offerable.map((slot) => {
      const seats = slot.buyers.reduce((sum, buyer) => sum + buyer.seats, 0);
      const targets = upcoming
        .filter((other) => other.gigId === slot.gigId && other.id !== slot.id)
        .map((other) => ({
          id: other.id,
          startsAt: other.startsAt,
          endsAt: other.endsAt,
          seatsLeft: Math.max(0, other.seats - Number(other.seatsTaken)),
        }))
        .filter((other) => other.seatsLeft >= seats);
      return [slot.id, targets];
    }),
  );
}
