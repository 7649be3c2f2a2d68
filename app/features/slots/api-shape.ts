import type { SlotRow } from "./slots.server";

/** A slot as the API answers it (docs/domain.md names where it has them). */
export function slotJson(
  slot: SlotRow & { buyers?: { userId: string; username: string; seats: number; gamertags: string[] }[] },
) {
  return {
    _id: slot.id,
    _influencer_id: slot.streamerId,
    _product_id: slot.gigId,
    product_title: slot.gigTitle,
    startTime: slot.startsAt.toISOString(),
    endTime: slot.endsAt.toISOString(),
    date: slot.startsAt.toISOString().slice(0, 10),
    seats: slot.seats,
    seatsTaken: slot.seatsTaken,
    seatsLeft: Math.max(0, slot.seats - slot.seatsTaken),
    waitlistLength: slot.waitlist,
    status: slot.status,
    lobbyCode: slot.lobbyCode,
    ...(slot.buyers ? { users: slot.buyers.map(buyerJson) } : {}),
  };
}

export function buyerJson(buyer: { userId: string; username: string; seats: number; gamertags: string[] }) {
  return {
    _id: buyer.userId,
    username: buyer.username,
    numberOfPlayers: buyer.seats,
    gamerTags: buyer.gamertags,
  };
}
