import { type SQL, sql } from "drizzle-orm";

/**
 * THE seats-taken rule (docs/domain.md's capacity invariant), the one SQL every count of a slot's seats uses: the booking
 * write's check, fulfilment's re-check, the waitlist's offers, seats left on public pages, the streamer's calendar and
 * slot lists. A booking takes its seats while it is confirmed (or was played: completed, no-show) or held with its hold
 * not yet expired (an expired hold stops counting at hold_expires_at, before any sweeper marks it). A waitlist offer
 * holds its seats for its fan the same way, until offer_expires_at (db/schema/waitlist.ts), and so does a streamer's
 * offer of another time on the slot it offers, until its fan answers or it runs out (db/schema/move-offers.ts).
 *
 * `slotId` is the slot, as SQL (a column such as `col(slots.id)`, or a bound id); `excludingBookingId` leaves one
 * booking out (fulfilment asks whether the OTHER bookings leave room for this one); `forUserId` leaves that fan's own
 * offers out (the seats held for them are theirs to book). The subqueries name their tables `seat_taker`,
 * `seat_offer` and `seat_move`, so they can sit inside a statement on `bookings` or `waitlist_entries` itself.
 */
export function seatsTakenSql(
  slotId: SQL,
  now: Date | number,
  excludingBookingId?: SQL,
  forUserId?: string,
): SQL<number> {
  const at = typeof now === "number" ? now : now.getTime();
  const excluding = excludingBookingId ? sql` AND seat_taker.id <> ${excludingBookingId}` : sql``;
  const notOwnOffer = forUserId ? sql` AND seat_offer.user_id <> ${forUserId}` : sql``;
  const notOwnMove = forUserId ? sql` AND seat_move.user_id <> ${forUserId}` : sql``;
  return sql<number>`((SELECT coalesce(sum(seat_taker.seats), 0) FROM bookings seat_taker
    WHERE seat_taker.slot_id = ${slotId}${excluding}
      AND (seat_taker.status IN ('confirmed', 'completed', 'no_show')
        OR (seat_taker.status = 'held' AND seat_taker.hold_expires_at > ${at})))
    + (SELECT coalesce(sum(seat_offer.seats), 0) FROM waitlist_entries seat_offer
    WHERE seat_offer.slot_id = ${slotId}${notOwnOffer}
      AND seat_offer.status = 'offered' AND seat_offer.offer_expires_at > ${at})
    + (SELECT coalesce(sum(seat_move.seats), 0) FROM move_offers seat_move
    WHERE seat_move.to_slot_id = ${slotId}${notOwnMove}
      AND seat_move.state = 'offered' AND seat_move.expires_at > ${at}))`;
}

/**
 * Whether `userId` takes a seat of the slot at `at` by the same rule as `seatsTakenSql` (a booking confirmed, played,
 * or held with its hold not yet expired): such a fan holds or owns a seat, so they have no place on its waitlist.
 */
export function holdsSeatSql(slotId: SQL, userId: string, at: Date | number): SQL<number> {
  const instant = typeof at === "number" ? at : at.getTime();
  return sql<number>`EXISTS (SELECT 1 FROM bookings own_seat
    WHERE own_seat.slot_id = ${slotId} AND own_seat.user_id = ${userId}
      AND (own_seat.status IN ('confirmed', 'completed', 'no_show')
        OR (own_seat.status = 'held' AND own_seat.hold_expires_at > ${instant})))`;
}
