import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { type MoveOffered, offerSlotMoveToBuyers } from "~/features/booking/index.server";
import { getDb } from "~/platform/db.server";
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
