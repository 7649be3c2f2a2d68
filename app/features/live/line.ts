import type { QueueLane, QueueState } from "~db/schema/live";
import { type VipPerRegular, vipAheadText } from "./turns";

/**
 * Where a fan stands in a live session's line, and how long they should expect to wait: the one place these are
 * computed. The fan's page, the queue dashboard and the stream overlay all show positions made here, so they never
 * disagree. Pure and browser-safe.
 *
 * The line is everyone active who is not in game yet, in order of service (turns.ts `serviceOrder`: the fans
 * called to play next first, then the waiting fans as the streamer's turn rule orders them).
 */

/** What a fan's place in line depends on. */
export type LineCounts = {
  lane: QueueLane;
  state: QueueState;
  /** Fans called to play next who are served before this fan (all of them, for a waiting fan). */
  calledAhead: number;
  /** Waiting fans served before this fan (0 once called). */
  waitingAhead: number;
  /** Waiting VIP places served before a regular fan (0 for a VIP fan): why the fan's page says VIP places play first. */
  vipWaitingAhead: number;
};

/** A fan's place in line from 1, or null once in game (no longer in line). */
export function positionInLine(counts: LineCounts): number | null {
  if (counts.state === "in_game") return null;
  if (counts.state === "playing_next") return counts.calledAhead + 1;
  return counts.calledAhead + counts.waitingAhead + 1;
}

type LineEntry = { id: string; lane: QueueLane; state: QueueState };

/**
 * What is counted ahead of every entry of a queue given in order of service (turns.ts `serviceOrder`, as the
 * snapshot reads it), by entry id: one pass for the whole queue.
 */
export function lineCounts(entries: readonly LineEntry[]): Map<string, LineCounts> {
  let calledTotal = 0;
  for (const entry of entries) if (entry.state === "playing_next") calledTotal++;
  const counts = new Map<string, LineCounts>();
  let calledSoFar = 0;
  const waitingSoFar = { vip: 0, regular: 0 };
  for (const entry of entries) {
    const waiting = entry.state === "waiting";
    counts.set(entry.id, {
      lane: entry.lane,
      state: entry.state,
      calledAhead: entry.state === "playing_next" ? calledSoFar : calledTotal,
      waitingAhead: waiting ? waitingSoFar.vip + waitingSoFar.regular : 0,
      vipWaitingAhead: waiting && entry.lane === "regular" ? waitingSoFar.vip : 0,
    });
    if (entry.state === "playing_next") calledSoFar++;
    if (waiting) waitingSoFar[entry.lane]++;
  }
  return counts;
}

/** The place in line of every entry of a queue in order of service, by entry id; absent for fans in game. */
export function linePositions(entries: readonly LineEntry[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (const [id, counts] of lineCounts(entries)) {
    const position = positionInLine(counts);
    if (position !== null) positions.set(id, position);
  }
  return positions;
}

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = { 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/**
 * How the fan's page says their place: "2nd in line", and why a regular fan waits behind VIP places, by the
 * session's turn rule (turns.ts `vipAheadText`).
 */
export function lineText(place: {
  position: number | null;
  lane: QueueLane;
  vipAhead: number;
  vipPerRegular: VipPerRegular;
}): string {
  if (place.position === null) return "In game";
  const base = `${ordinal(place.position)} in line`;
  return place.lane === "regular" && place.vipAhead > 0 ? `${base}: ${vipAheadText(place.vipPerRegular)}` : base;
}

/** The middle of the session's finished turns, in minutes; the game mode's length before any turn has finished. */
export function turnMinutes(finishedTurnsMs: readonly number[], modeMinutes: number): number {
  const turns = finishedTurnsMs.filter((ms) => Number.isFinite(ms) && ms > 0).sort((a, b) => a - b);
  if (turns.length === 0) return modeMinutes;
  const mid = Math.floor(turns.length / 2);
  const median = turns.length % 2 === 1 ? (turns[mid] ?? 0) : ((turns[mid - 1] ?? 0) + (turns[mid] ?? 0)) / 2;
  return median / 60_000;
}

/**
 * A waiting fan's estimated wait in whole minutes: the games that must finish before theirs (the fans ahead of them
 * in service, those in game included, fill whole games of `playersPerGame`) times one turn's length. Never 0 for a
 * fan not yet called: at least 1 minute.
 */
export function estimatedWaitMinutes(input: { ahead: number; playersPerGame: number; turnMinutes: number }): number {
  const gamesAhead = Math.floor(input.ahead / Math.max(1, input.playersPerGame));
  return Math.max(1, Math.ceil(gamesAhead * input.turnMinutes));
}
