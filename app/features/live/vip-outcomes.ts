import type { QueueLane, QueueState } from "~db/schema";

/**
 * How a VIP place ends, and what its fan gets back: the one table of VIP refunds. Every path that ends a VIP place
 * (the streamer serving, removing or ending the session, the fan leaving, a card payment arriving too late) looks its
 * outcome up here (`vipPlaceOutcome`, by `VIP_PLACE_ENDINGS`) and calls `endVipPlaces` / `vipRefundStatements`
 * (vip-refunds.server.ts), the one refund entry point, whose SQL guard (`vipPlaceEndingSql`) is this table's twin;
 * vip-outcomes.test.ts holds the two equal. Safe in the browser.
 *
 * - `endsAs`: the place's state after it (null: the place was never taken);
 * - `refund`: "none", or "full to wallet": what is left of the order's payment, to the fan's wallet (an owed refund
 *   row written in the batch of the change, carried out through the ledger's one path, `settleRefundStatements`).
 */
export const VIP_PLACE_OUTCOMES = {
  /** The streamer marked the fan done: the place was used. */
  served: { endsAs: "done", refund: "none", reason: null },
  /** The fan left the queue: they gave the place up. */
  left: { endsAs: "left", refund: "none", reason: null },
  /** The streamer removed the fan while they waited. */
  removed: { endsAs: "refunded", refund: "full to wallet", reason: "VIP place removed by the streamer" },
  /** The fan was called (playing next or in game) but did not come, and the streamer removed them. */
  no_show: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place removed by the streamer after the fan was called",
  },
  /**
   * The fan was called and missed their ready check (not on the live page, or did not confirm in time; or the
   * streamer skipped them), and the session removes missed VIP places (ready-check.ts).
   */
  missed_ready: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place removed: the fan missed their ready check",
  },
  /** The session ended while the fan was still waiting. */
  session_ended: {
    endsAs: "refunded",
    refund: "full to wallet",
    reason: "VIP place not served before the live session ended",
  },
  /**
   * A card payment arrived when the place could no longer be taken (the session ended, the fan already queued): back
   * to the card it came from (vip-step.server.ts), not through this table's wallet refund.
   */
  late_payment: {
    endsAs: null,
    refund: "full to card",
    reason: "Payment arrived after the VIP place could no longer be taken",
  },
} as const satisfies Record<
  string,
  { endsAs: QueueState | null; refund: "none" | "full to wallet" | "full to card"; reason: string | null }
>;

export type VipPlaceOutcome = keyof typeof VIP_PLACE_OUTCOMES;
/** The outcomes that end a place the fan holds (a late payment never took one). */
export type HeldVipPlaceOutcome = Exclude<VipPlaceOutcome, "late_payment">;

/** True when a VIP place ending with `outcome` is refunded. */
export function isRefunded(outcome: VipPlaceOutcome): boolean {
  return VIP_PLACE_OUTCOMES[outcome].refund !== "none";
}

/**
 * What ends an active VIP place: the streamer's "done", the fan leaving, the streamer's removal, a missed ready check,
 * the session's end.
 */
export type VipPlaceEvent = keyof typeof VIP_PLACE_ENDINGS;

/**
 * Which outcome each event gives a VIP place in each active state (a state missing: the event does not end it). The
 * streamer's removal is a no-show once the fan was called; the session's end serves a fan in game and refunds the
 * others; a ready check is missed only by a called fan.
 */
export const VIP_PLACE_ENDINGS = {
  streamer_done: { waiting: "served", playing_next: "served", in_game: "served" },
  fan_left: { waiting: "left", playing_next: "left", in_game: "left" },
  streamer_removed: { waiting: "removed", playing_next: "no_show", in_game: "no_show" },
  missed_ready: { playing_next: "missed_ready" },
  session_ended: { waiting: "session_ended", playing_next: "session_ended", in_game: "served" },
} as const satisfies Record<string, Partial<Record<QueueState, HeldVipPlaceOutcome>>>;

/**
 * How `event` ends the place, by the table (null: it does not end it: not a VIP place, or not in a state the event
 * ends). Its SQL twin is `vipPlaceEndingSql` (vip-refunds.server.ts).
 */
export function vipPlaceOutcome(
  event: VipPlaceEvent,
  place: { lane: QueueLane; state: QueueState },
): HeldVipPlaceOutcome | null {
  if (place.lane !== "vip") return null;
  const endings: Partial<Record<QueueState, HeldVipPlaceOutcome>> = VIP_PLACE_ENDINGS[event];
  return endings[place.state] ?? null;
}

/** The states from which `event` ends a VIP place with `outcome` (the guard's `state IN (...)`). */
export function vipPlaceEndsFrom(event: VipPlaceEvent, outcome: HeldVipPlaceOutcome): QueueState[] {
  return Object.entries(VIP_PLACE_ENDINGS[event]).flatMap(([state, ends]) =>
    ends === outcome ? [state as QueueState] : [],
  );
}
