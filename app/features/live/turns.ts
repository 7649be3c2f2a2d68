import type { QueueLane, QueueState } from "~db/schema/live";

/**
 * The order of service of a live session's queue: the one function that decides who plays before whom. The place
 * in line and the wait estimate (line.ts), the public view, the dashboard and the overlay are all made from the
 * order it returns, so they agree. Pure and browser-safe.
 *
 * The streamer's turn rule is either "VIP first" (every waiting VIP place, then the regular ones) or "one regular
 * after every N VIP" (N from 1 to 10). Those in game come first, then the fans called to play next (VIP before
 * regular, each in join order), then the waiting fans in the rule's order. Under a ratio, the regular fans who have
 * finished fewer turns in the session go first (then join order), and the turns already started since the last
 * regular one count towards the next N, so serving the line one fan at a time keeps the ratio.
 */

/** The streamer's turn rule: null is "VIP first"; a number N is "one regular after every N VIP". */
export type VipPerRegular = number | null;
export const VIP_PER_REGULAR_MAX = 10;
/** The most turns a rejoin cooldown may ask for. */
export const REJOIN_COOLDOWN_MAX = 50;

export type ServiceEntry = {
  id: string;
  userId: string;
  lane: QueueLane;
  state: QueueState;
  position: number;
  /** A place moved back by a missed ready check (ready-check.ts) is ordered in its lane by this, not its position. */
  lineKey?: number | null;
};

/** Where a place stands in its lane: its join position, or where a missed ready check moved it. */
function keyOf(entry: ServiceEntry): number {
  return entry.lineKey ?? entry.position;
}

export type TurnContext = {
  vipPerRegular: VipPerRegular;
  /** Finished turns per fan (user id) in this session. */
  plays?: ReadonlyMap<string, number>;
  /** VIP turns started since the last regular one (the ratio's count so far). */
  vipStreak?: number;
};

const STATE_RANK: Partial<Record<QueueState, number>> = { in_game: 0, playing_next: 1, waiting: 2 };

function byLaneThenJoin(a: ServiceEntry, b: ServiceEntry): number {
  if (a.lane !== b.lane) return a.lane === "vip" ? -1 : 1;
  return keyOf(a) - keyOf(b);
}

/** The entries in order of service (see above); entries in no active state are left out. */
export function serviceOrder<T extends ServiceEntry>(entries: readonly T[], turns: TurnContext): T[] {
  const active = entries.filter((entry) => STATE_RANK[entry.state] !== undefined);
  const started = active
    .filter((entry) => entry.state !== "waiting")
    .sort((a, b) => (STATE_RANK[a.state] ?? 0) - (STATE_RANK[b.state] ?? 0) || byLaneThenJoin(a, b));
  const vip = active.filter((entry) => entry.state === "waiting" && entry.lane === "vip");
  vip.sort((a, b) => keyOf(a) - keyOf(b));
  const regular = active.filter((entry) => entry.state === "waiting" && entry.lane === "regular");
  const n = turns.vipPerRegular;
  if (n === null) {
    regular.sort((a, b) => keyOf(a) - keyOf(b));
    return [...started, ...vip, ...regular];
  }
  const plays = (entry: T) => turns.plays?.get(entry.userId) ?? 0;
  regular.sort((a, b) => plays(a) - plays(b) || keyOf(a) - keyOf(b));
  const waiting: T[] = [];
  let streak = Math.min(turns.vipStreak ?? 0, n);
  let v = 0;
  let r = 0;
  while (v < vip.length || r < regular.length) {
    const regularDue = streak >= n || v >= vip.length;
    const next = regularDue && r < regular.length ? regular[r++] : vip[v++];
    if (!next) break;
    waiting.push(next);
    streak = next.lane === "vip" ? streak + 1 : 0;
  }
  return [...started, ...waiting];
}

/** How the dashboard names a rule: "VIP first" or "1 regular after every 2 VIP". */
export function turnRuleText(vipPerRegular: VipPerRegular): string {
  return vipPerRegular === null ? "VIP first" : `1 regular after every ${vipPerRegular} VIP`;
}

/**
 * Why a regular fan waits behind VIP places, as the fan's page says it: the session's rule in the fan's words.
 */
export function vipAheadText(vipPerRegular: VipPerRegular): string {
  if (vipPerRegular === null) return "VIP places play first";
  return vipPerRegular === 1
    ? "1 regular place plays after every VIP place"
    : `1 regular place plays after every ${vipPerRegular} VIP places`;
}

/** How many more turns must finish before a fan may rejoin the regular lane (0: they may). */
export function cooldownLeft(input: { cooldown: number; turnsSinceLast: number | null }): number {
  if (input.turnsSinceLast === null) return 0;
  return Math.max(0, input.cooldown - input.turnsSinceLast);
}
