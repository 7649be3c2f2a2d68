import { type SQL, sql } from "drizzle-orm";
import { col } from "~/platform/db.server";
import { bookings, slots } from "~db/schema";
import {
  NO_SHOW_AUTO_AFTER_MS,
  NO_SHOW_LOOKBACK_MS,
  NO_SHOW_OFFER_AFTER_MS,
  START_WINDOW_BEFORE_MS,
} from "./no-show-policy";

/**
 * The streamer no-show rule on the server: its decisions (no-show-policy.ts, browser-safe, re-exported here) and their
 * SQL twins, the guards of the start's and the refund tap's conditional writes. no-show-policy.test.ts runs each pair
 * over the same cases and holds them equal.
 */
export { canStartSlot, noShowOfferDue, noShowRefundOffered, streamerNoShowDue } from "./no-show-policy";

/**
 * The SQL twin of `canStartSlot(slot, now)`, a condition on `slots`: open, neither started nor a no-show, from
 * `START_WINDOW_BEFORE_MS` before its start until its end or the no-show deadline, whichever is first.
 */
export function startableSlotSql(now: Date): SQL {
  const at = now.getTime();
  return sql`${col(slots.status)} = 'open' AND ${col(slots.startedAt)} IS NULL AND ${col(slots.noShowAt)} IS NULL
    AND ${col(slots.startsAt)} <= ${at + START_WINDOW_BEFORE_MS} AND ${col(slots.endsAt)} > ${at}
    AND ${col(slots.startsAt)} > ${at - NO_SHOW_AUTO_AFTER_MS}`;
}

/**
 * The SQL twin of `noShowRefundOffered(slot, booking.status, now)`, a condition on `bookings`: confirmed, its slot
 * open, neither started nor a no-show, `NO_SHOW_OFFER_AFTER_MS` or more after its start.
 */
export function noShowRefundOfferedSql(now: Date): SQL {
  return sql`${col(bookings.status)} = 'confirmed' AND EXISTS (SELECT 1 FROM ${slots} s
    WHERE s.id = ${col(bookings.slotId)} AND s.status = 'open' AND s.started_at IS NULL AND s.no_show_at IS NULL
    AND s.starts_at <= ${now.getTime() - NO_SHOW_OFFER_AFTER_MS})`;
}

/**
 * The SQL twin of `noShowOfferDue(slot, booking.status, now)`, a condition on `bookings`: the refund offered
 * (`noShowRefundOfferedSql`) and its slot not yet past the no-show deadline. The cron's offer reads it.
 */
export function noShowOfferDueSql(now: Date): SQL {
  return sql`${noShowRefundOfferedSql(now)} AND EXISTS (SELECT 1 FROM ${slots} d
    WHERE d.id = ${col(bookings.slotId)} AND d.starts_at > ${now.getTime() - NO_SHOW_AUTO_AFTER_MS})`;
}

/**
 * The SQL twin of `streamerNoShowDue(slot, its bookings, now)`, a condition on `slots`: the cron's no-show sweep
 * marks the slots it holds for.
 */
export function streamerNoShowDueSql(now: Date): SQL {
  const at = now.getTime();
  return sql`${col(slots.status)} = 'open' AND ${col(slots.startedAt)} IS NULL AND ${col(slots.noShowAt)} IS NULL
    AND ${col(slots.startsAt)} <= ${at - NO_SHOW_AUTO_AFTER_MS} AND ${col(slots.startsAt)} > ${at - NO_SHOW_LOOKBACK_MS}
    AND EXISTS (SELECT 1 FROM ${bookings} b WHERE b.slot_id = ${col(slots.id)} AND (b.status = 'confirmed'
      OR (b.status = 'cancelled' AND b.cancelled_at >= ${col(slots.startsAt)})))`;
}
