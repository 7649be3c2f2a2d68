/**
 * The live session's socket protocol (docs/architecture.md "Live sessions, queues and notifications"), shared by the Durable Object and
 * the browser. Every frame is JSON `{ event, data, ack? }`; a frame that asks for an acknowledgement carries an
 * `ack` id and is answered by `{ event: "ack", ack, data: { success, error } }`.
 */
import type { Money } from "~/lib/money";
import type { JoinSource } from "~db/schema/constants";
import type { QueueLane, QueueState } from "~db/schema/live";
import type { AlertOutcome } from "~db/schema/push";
import type { QueueEventPayload, ReadyCheck, VipMissed } from "./ready-check";

export const LIVE_EVENTS = {
  /** Server -> a fan (or an anonymous viewer): the counts and, for a fan, their own place. */
  updateUser: "updateUserLiveSession",
  /** Server -> the streamer: the whole queue. */
  influencer: "messageInfluencerLiveSession",
  /** Server -> a stream overlay (authorised by the streamer's overlay key): public queue data only. */
  overlay: "overlayLiveSession",
  /** Server -> the streamer: which fans have the live page open, since when (user id -> ms), after one comes or goes. */
  presence: "presenceLiveSession",
  /** Server -> fans and anonymous viewers: the queue in order, public names only (public-queue.ts). */
  publicQueue: "publicQueueLiveSession",
  /** Server -> one fan: a notice about their place (playing next, removed, refunded...). */
  notice: "messageNotificationUserLiveSession",
  /** Streamer -> server, with acknowledgement {success, error}. */
  end: "endLiveSession",
  /** Fan -> server: `{ entryId }`, they confirm their ready check. */
  ready: "readyLiveSession",
  /** Client -> server: send me the current state (after a reconnect or a gap in versions). */
  resync: "resync",
  ack: "ack",
} as const;

type LaneCountsPayload = { vip: number; regular: number };

export type FanPlacePayload = {
  entryId: string;
  lane: QueueLane;
  state: QueueState;
  /** Rank in their lane, from 1. */
  position: number;
  /** Place in the whole line, from 1 (line.ts); null once in game. */
  line: number | null;
  ahead: number;
  /** Waiting VIP places served before a regular fan. */
  vipAhead: number;
  /** The session's turn rule (turns.ts): why VIP places are ahead, in the fan's words. */
  vipPerRegular: number | null;
  estimatedWaitMinutes: number;
  lobbyCode: string | null;
  /** Once called: their ready check, counting down or confirmed. */
  ready: ReadyCheck | null;
};

/**
 * What the session's end did to a fan who was still waiting: not reached, or their VIP place refunded (or, paid with
 * a VIP pass, its use given back: `passUse`).
 */
export type FanEndingPayload =
  | { outcome: "not_reached" }
  | { outcome: "played" }
  | { outcome: "refunded"; refund: Money; passUse: boolean };

type QueueEntryPayload = {
  id: string;
  userId: string;
  username: string;
  /** The gamer tag the fan plays with (taken when they joined: their tag on the session's network, else their first). */
  gamertag: string | null;
  lane: QueueLane;
  state: QueueState;
  /** Rank in the lane, from 1. */
  position: number;
  /** Place in the whole line, from 1 (line.ts, as the fan's page and the overlay say it); null once in game. */
  line: number | null;
  /** Since when the fan has the live page open (their oldest open socket), or null: they are not on it. */
  presentSince: number | null;
  joinedAt: number;
  /** Turns the fan has finished in this session. */
  plays: number;
  /** Once called: their ready check, counting down or confirmed. */
  ready: ReadyCheck | null;
  /** Ready checks this place has missed. */
  readyMisses: number;
  /** What became of the fan's latest alert of this session ("you're up"), or null: none was sent. */
  alert: AlertOutcome | null;
  /** Where the fan joined from: the site, Twitch chat or Discord. */
  source: JoinSource;
};

type Common = {
  liveSessionId: string;
  /** Increases by one with every change of the session; a client that sees a gap asks to resync. */
  version: number;
  ended: boolean;
  counts: LaneCountsPayload;
};

export type UpdateUserPayload = Common & {
  place: FanPlacePayload | null;
  ending: FanEndingPayload | null;
  /** The fan's own ready-check steps, newest first (what happened after a miss: moved back, removed, refunded). */
  history: QueueEventPayload[];
};
export type StreamerPayload = Common & {
  entries: QueueEntryPayload[];
  lobbyCode: string | null;
  /**
   * The session's turn rules (turns.ts): null is VIP first; the rejoin cooldown in turns; the ready check's countdown
   * in seconds and what a missed one does to a VIP place (ready-check.ts).
   */
  turnRules: { vipPerRegular: number | null; rejoinCooldown: number; readySeconds: number; vipMissed: VipMissed };
  /** The session's latest ready-check steps, newest first. */
  history: QueueEventPayload[];
};
/**
 * One place as a stream shows it: a public name (the gamer tag, else the username), the lane, the place in line
 * (null in game) and where it was joined from (the site, Twitch, Discord). Nothing else.
 */
export type OverlayPlace = { name: string; vip: boolean; line: number | null; source: JoinSource };
/** One place in the public view: a public name, the lane, the place in line (null in game) and the wait. */
export type PublicPlace = OverlayPlace & { waitMinutes: number | null };
export type PublicQueuePayload = Omit<Common, "counts"> & {
  /** In game now. */
  playing: PublicPlace[];
  /** The line in order of service, its first places (public-queue.ts PUBLIC_QUEUE_MAX). */
  line: PublicPlace[];
  /** Everyone in line (called or waiting). */
  inLine: number;
};
export type OverlayPayload = Omit<Common, "counts"> & {
  /** In game now. */
  playing: OverlayPlace[];
  /** The next five in order of service (playing next first). */
  next: OverlayPlace[];
  /** Everyone still waiting or called (not in game). */
  queueLength: number;
};
export type PresencePayload = { liveSessionId: string; present: Record<string, number> };
export type NoticePayload = { liveSessionId: string; message: string };
export type AckPayload = { success: boolean; error: string | null };

/** The path of a session's socket (partyserver's /parties/<binding>/<room>). */
export function liveSocketPath(liveSessionId: string) {
  return `/parties/live-session/${encodeURIComponent(liveSessionId)}`;
}
