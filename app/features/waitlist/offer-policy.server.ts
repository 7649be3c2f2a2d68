import { type SQL, sql } from "drizzle-orm";
import { seatsTakenSql } from "~/features/seats";
import { col } from "~/platform/db.server";
import { waitlistEntries } from "~db/schema";

/**
 * The waitlist offer on the server: its decisions (offer-policy.ts, browser-safe, re-exported here) and their SQL
 * twins, the conditions of the offer's and the lapse's conditional writes. offer-policy.test.ts runs each pair over
 * the same cases and holds them equal.
 */
export { firstToOffer, offerExpiresAt, offerHolds } from "./offer-policy";

/** The seats free on the slot for its waitlist at `at` (NULL when the slot is closed or has started: nobody fits). */
export function seatsFreeSql(slotId: string, at: number): SQL {
  return sql`((SELECT offer_slot.seats FROM slots offer_slot
      WHERE offer_slot.id = ${slotId} AND offer_slot.status = 'open' AND offer_slot.starts_at > ${at})
    - ${seatsTakenSql(sql`${slotId}`, at)})`;
}

/** The SQL twin of `offerHolds(place, now)`, a condition on `waitlist_entries`. */
export function offerHoldsSql(now: Date): SQL {
  return sql`(${col(waitlistEntries.status)} = 'offered' AND ${col(waitlistEntries.offerExpiresAt)} > ${now.getTime()})`;
}

/**
 * The SQL twin of `firstToOffer(line of slotId, seats free at now)`, a condition on `waitlist_entries`: the place is
 * the first waiting one in the slot's line whose seats fit the seats free, computed in the same statement.
 */
export function firstToOfferSql(slotId: string, now: Date): SQL {
  return sql`${col(waitlistEntries.id)} = (SELECT line.id FROM waitlist_entries line
    WHERE line.slot_id = ${slotId} AND line.status = 'waiting' AND line.seats <= ${seatsFreeSql(slotId, now.getTime())}
    ORDER BY line.position LIMIT 1)`;
}
