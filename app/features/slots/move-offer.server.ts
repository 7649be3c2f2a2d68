import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { type MoveOffered, offerSlotMoveToBuyers } from "~/features/booking/index.server";
import { getDb } from "~/platform/db.server";
import { ownerOfSlot } from "./slots.server";

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
  assertManageBusiness(viewer, owner.influencerId);
  return offerSlotMoveToBuyers(env, { ...input, actorId: viewer?.id ?? null }, now);
}
