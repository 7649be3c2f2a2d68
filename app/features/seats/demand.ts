import { type SQL, sql } from "drizzle-orm";
import { HIGH_DEMAND } from "./rules";
import { seatsTakenSql } from "./seats";

/**
 * THE high-demand rule (seats/rules.ts HIGH_DEMAND, docs/decisions/033 and 042), as SQL true (1) or false (0) at `at`:
 * a slot its streamer marked as a drop (from its first booking), a rush of seats taken by recent bookings, a long
 * waitlist, or a large slot's seats nearly gone. The same expression is read
 * before a booking or a waitlist join (does it need the bot check?) and sits inside the booking's own write (one unpaid
 * hold per account in such a slot), so the write holds the rule at the instant it lands. Its subqueries name their
 * tables `demand_*`, so it can sit inside a statement on `bookings` or `waitlist_entries`.
 */
export function highDemandSql(slotId: SQL, at: number): SQL<number> {
  const since = at - HIGH_DEMAND.rushMinutes * 60_000;
  // seats - taken <= share * seats, in integers: (seats - taken) * 5 <= seats for a fifth.
  const shareDenominator = Math.round(1 / HIGH_DEMAND.nearlyGoneLeftShare);
  return sql<number>`(
    EXISTS (SELECT 1 FROM slots demand_drop WHERE demand_drop.id = ${slotId} AND demand_drop.is_drop = 1)
    OR (SELECT coalesce(sum(demand_booking.seats), 0) FROM bookings demand_booking
      WHERE demand_booking.slot_id = ${slotId} AND demand_booking.created_at > ${since}
        AND (demand_booking.status IN ('confirmed', 'completed', 'no_show')
          OR (demand_booking.status = 'held' AND demand_booking.hold_expires_at > ${at}))) >= ${HIGH_DEMAND.rushSeats}
    OR (SELECT count(*) FROM waitlist_entries demand_place
      WHERE demand_place.slot_id = ${slotId} AND demand_place.status IN ('waiting', 'offered')) >= ${HIGH_DEMAND.waiting}
    OR EXISTS (SELECT 1 FROM slots demand_slot WHERE demand_slot.id = ${slotId}
      AND demand_slot.seats >= ${HIGH_DEMAND.nearlyGoneMinSeats}
      AND (demand_slot.seats - ${seatsTakenSql(sql`${slotId}`, at)}) * ${shareDenominator} <= demand_slot.seats))`;
}

/** Whether `userId` holds an unpaid checkout (a live hold) of the slot at `at`. */
function holdsCheckoutSql(slotId: SQL, userId: string, at: number): SQL<number> {
  return sql<number>`EXISTS (SELECT 1 FROM bookings own_hold WHERE own_hold.slot_id = ${slotId}
    AND own_hold.user_id = ${userId} AND own_hold.status = 'held' AND own_hold.hold_expires_at > ${at})`;
}

/**
 * The one-hold rule of a slot in high demand, for a new hold's conditional insert: true unless the slot is in high
 * demand and `userId` already holds a checkout of it (docs/decisions/033).
 */
export function oneHoldInDemandSql(slotId: SQL, userId: string, at: number): SQL<number> {
  return sql<number>`NOT (${holdsCheckoutSql(slotId, userId, at)} AND ${highDemandSql(slotId, at)})`;
}
