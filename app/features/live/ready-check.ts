import type { Money } from "~/lib/money";
import type { QueueEventCause, QueueEventKind, QueueLane } from "~db/schema/live";

/**
 * The ready check (docs/domain.md "Queue place"): when the streamer calls a fan to play next, the fan has the session's
 * countdown to confirm they are ready, whether or not their page is open (they are alerted at the call). Only the
 * deadline (or the streamer's skip) misses it: what then happens to their place is decided here, once. Pure and
 * browser-safe.
 */

/** The countdown a session gives, in seconds: 2 minutes unless the streamer sets 30 s to 10 min. */
export const READY_SECONDS_DEFAULT = 120;
export const READY_SECONDS_MIN = 30;
export const READY_SECONDS_MAX = 600;
/** The countdowns the dashboard offers. */
export const READY_SECONDS_CHOICES = [30, 60, 90, 120, 180, 300, 600] as const;

/** What a missed ready check does to a VIP place: moved back like a regular one, or removed with its refund. */
export const VIP_MISSED_CHOICES = ["keep", "remove"] as const;
export type VipMissed = (typeof VIP_MISSED_CHOICES)[number];

/** The most fans one party pick calls at once (the queue bots' "pick N"). */
export const PARTY_MAX = 10;

/** How many fans a missed ready check moves a place behind. */
const MOVED_BACK_BEHIND = 3;

/** What a missed ready check does: the place moved back, removed, or removed with its VIP refund. */
export type MissOutcome = "moved_back" | "removed" | "refunded";

/**
 * A regular place is moved back the first time and removed the second; a VIP place is moved back every time when the
 * session keeps missed VIP places, else removed at once with its refund.
 */
export function missOutcome(place: { lane: QueueLane; misses: number }, vipMissed: VipMissed): MissOutcome {
  if (place.lane === "vip") return vipMissed === "keep" ? "moved_back" : "refunded";
  return place.misses === 0 ? "moved_back" : "removed";
}

/**
 * The key that puts a moved-back place behind the next `MOVED_BACK_BEHIND` waiting places of its lane, given their
 * keys in order of service: between the third and the fourth, or after the last when fewer wait.
 */
export function movedBackKey(laneKeys: readonly number[], ownKey: number): number {
  const behind = laneKeys[MOVED_BACK_BEHIND - 1] ?? laneKeys[laneKeys.length - 1];
  if (behind === undefined) return ownKey;
  const next = laneKeys[MOVED_BACK_BEHIND];
  return next === undefined ? behind + 1 : (behind + next) / 2;
}

/** A called fan's ready check: counting down to `deadline` (ms), or confirmed. */
export type ReadyCheck = { state: "pending"; deadline: number } | { state: "confirmed" };

export function readyCheckOf(row: { readyDeadline: Date | null; readyConfirmedAt: Date | null }): ReadyCheck | null {
  if (row.readyDeadline) return { state: "pending", deadline: row.readyDeadline.getTime() };
  return row.readyConfirmedAt ? { state: "confirmed" } : null;
}

/** "1:59": the time left of a countdown, in whole seconds rounded up (never below 0:00). */
export function countdownText(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** "2 min", "30 s", "1 min 30 s": a session's countdown as the dashboard names it. */
export function readySecondsText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** One step of a session's ready checks, as its history shows it. */
export type QueueEventPayload = {
  id: string;
  entryId: string;
  userId: string;
  username: string;
  kind: QueueEventKind;
  /** Why a place was moved back, removed or refunded (a missed check, the streamer, the session's end). */
  cause: QueueEventCause | null;
  /** The place in line a moved-back fan went to. */
  line: number | null;
  /** A removed VIP place's refund. */
  refund: Money | null;
  /** The place was paid with a VIP pass: what comes back is the pass's use, not money (docs/decisions/032). */
  passUse: boolean;
  at: number;
};
