import { type WaitingMoveOffers, waitingMoveOffersOf } from "~/features/booking/index.server";
import type { Db } from "~/platform/db.server";

/**
 * What the calendar says of a slot's offers of another time still waiting for answers: on the slot the buyers are
 * offered to leave, how many are still deciding, on which new time and until when; on the new time, the seats held
 * for them meanwhile. Null when none waits.
 */
export type SlotMoveDecisions = {
  /** `withdrawable`: no buyer answered yet, so the streamer may still take the offer back. */
  deciding: {
    buyers: number;
    seats: number;
    until: Date;
    to: { startsAt: Date; endsAt: Date };
    withdrawable: boolean;
  } | null;
  heldFor: { buyers: number; seats: number; until: Date } | null;
};

function decisionsOf(slotId: string, waiting: WaitingMoveOffers[]): SlotMoveDecisions {
  const out = waiting.filter((offers) => offers.fromSlotId === slotId);
  const into = waiting.filter((offers) => offers.toSlotId === slotId);
  const total = (groups: WaitingMoveOffers[]) => ({
    buyers: groups.reduce((sum, group) => sum + group.buyers, 0),
    seats: groups.reduce((sum, group) => sum + group.seats, 0),
    until: new Date(Math.max(...groups.map((group) => group.until.getTime()))),
  });
  // One slot's buyers are all offered the same new time (the offer closes the slot), so `out` holds one entry.
  const first = out[0];
  return {
    deciding: first ? { ...total(out), to: first.to, withdrawable: !out.some((group) => group.answered) } : null,
    heldFor: into.length > 0 ? total(into) : null,
  };
}

/** The calendar's slots' offers still waiting for answers, by slot id (`SlotMoveDecisions`). */
export async function slotMoveDecisions(db: Db, slotIds: string[], now: Date): Promise<Map<string, SlotMoveDecisions>> {
  const waiting = await waitingMoveOffersOf(db, slotIds, now);
  return new Map(slotIds.map((id) => [id, decisionsOf(id, waiting)]));
}
