import { isNull } from "drizzle-orm";
import { isAppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { liveSessions } from "~db/schema";
import { callParty } from "./calls.server";
import type { LiveCommand, LiveCommandOutcome, LiveCommandResult } from "./commands.server";
import type { OverlayPayload, PublicQueuePayload, StreamerPayload, UpdateUserPayload } from "./events";
import { linePositions } from "./line";
import { overlayOf, publicQueue } from "./public-queue";
import {
  JOIN_GROUP_MAX,
  joinRegular,
  joinRegularGroup,
  leaveQueue,
  moveEntry,
  removeEntry,
  setLiveLobbyCode,
} from "./queue.server";
import { READY_SECONDS_DEFAULT, readyCheckOf } from "./ready-check";
import { confirmReady, expireReadyChecks, missReadyCheck } from "./ready-check.server";
import { confirmReadyByLink } from "./ready-link.server";
import { endLiveSession, updateLiveDetails, updateStreamingLink } from "./sessions.server";
import { type FanPlace, fanPlaces, laneCounts, type QueueSnapshot, queueSnapshot } from "./snapshot.server";
import { setTurnRules } from "./turn-rules.server";
import { joinVipWithWallet } from "./vip.server";
import { joinVipWithPass } from "./vip-pass.server";

// The commands and their door live in commands.server.ts (so the VIP step can reach them without a cycle).
export {
  type LiveCommand,
  type LiveCommandResult,
  sendLiveCommand,
} from "./commands.server";

/** What the session's object knows that D1 does not: which fans have the live page open (their sockets). */
export type LiveRoomState = { present(userId: string): boolean };

/** Runs one command in the session's object (workers/live-session.ts); a refusal comes back as a plain object. */
export async function runLiveCommand(
  env: Env,
  liveSessionId: string,
  command: LiveCommand,
  room?: LiveRoomState,
): Promise<LiveCommandResult> {
  try {
    return { ok: true, outcome: await dispatch(env, liveSessionId, command, room) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: error.status, message: error.message, field: error.field };
    throw error;
  }
}

function resultOf(settled: PromiseSettledResult<LiveCommandOutcome>): LiveCommandResult {
  if (settled.status === "fulfilled") return { ok: true, outcome: settled.value };
  const error = settled.reason;
  if (isAppError(error)) return { ok: false, status: error.status, message: error.message, field: error.field };
  throw error;
}

/**
 * The commands the object may run as one group when they arrive while its previous write is in flight (group
 * commit): regular joins, which the queue writes in one D1 batch (`joinRegularGroup`), up to this many.
 */
export function groupable(command: LiveCommand): command is Extract<LiveCommand, { type: "joinRegular" }> {
  return command.type === "joinRegular";
}
export const LIVE_GROUP_MAX = JOIN_GROUP_MAX;

/**
 * During a burst of commands, the longest the sockets wait for the state that follows them (docs/decisions/022):
 * a burst is sent once, after its last command, unless it lasts longer than this; then it is also sent every time
 * this much has passed since the last broadcast (or the burst's start), so a queue under sustained joins still moves
 * on every screen.
 */
export const LIVE_BROADCAST_EVERY_MS = 250;

/** Whether the object sends its sockets the state now that a command has finished. */
export function broadcastDue(state: { pending: number; changed: boolean; since: number; now: number }): boolean {
  if (!state.changed) return false;
  return state.pending === 0 || state.now - state.since >= LIVE_BROADCAST_EVERY_MS;
}

/**
 * Runs a group of `groupable` commands, in their order, as one write; one settled result per command, in order: a
 * refusal is a plain result as in `runLiveCommand`, anything else rejects that command alone.
 */
export async function runLiveCommandGroup(
  env: Env,
  liveSessionId: string,
  commands: readonly Extract<LiveCommand, { type: "joinRegular" }>[],
): Promise<PromiseSettledResult<LiveCommandResult>[]> {
  const settled = await joinRegularGroup(
    env,
    commands.map(({ viewer, gamertag, source }) => ({ viewer, gamertag, source })),
    liveSessionId,
  );
  return settled.map((one): PromiseSettledResult<LiveCommandResult> => {
    try {
      return { status: "fulfilled", value: resultOf(one) };
    } catch (reason) {
      return { status: "rejected", reason };
    }
  });
}

function dispatch(
  env: Env,
  liveSessionId: string,
  command: LiveCommand,
  room?: LiveRoomState,
): Promise<LiveCommandOutcome> {
  switch (command.type) {
    case "joinRegular":
      return joinRegular(env, command, liveSessionId);
    case "joinVipWallet":
      return joinVipWithWallet(env, command.viewer, liveSessionId, command.gamertag ?? null);
    case "joinVipPass":
      return joinVipWithPass(env, command.viewer, liveSessionId, command.gamertag ?? null);
    case "leave":
      return leaveQueue(env, command.viewer, command.entryId, liveSessionId);
    case "serve":
      return moveEntry(env, command.viewer, command.entryId, command.to, liveSessionId);
    case "callParty":
      return callParty(env, command.viewer, liveSessionId, command.size);
    case "ready":
      return confirmReady(env, command.viewer, command.entryId, liveSessionId);
    case "readyLink":
      return confirmReadyByLink(env, { liveSessionId, ...command.link });
    case "skip":
      return missReadyCheck(env, { entryId: command.entryId, cause: "skip", viewer: command.viewer, liveSessionId });
    case "expireReady":
      return expireReadyChecks(env, liveSessionId, (userId) => room?.present(userId) ?? true);
    case "remove":
      return removeEntry(env, command.viewer, command.entryId, liveSessionId);
    case "lobbyCode":
      return setLiveLobbyCode(env, command.viewer, liveSessionId, command.code);
    case "turnRules":
      return setTurnRules(env, command.viewer, liveSessionId, command);
    case "streamingLink":
      return updateStreamingLink(env, command.viewer, { liveSessionId, ...command }, command.parentHosts);
    case "details":
      return updateLiveDetails(env, command.viewer, { liveSessionId, ...command });
    case "end":
      return endLiveSession(env, command.viewer, liveSessionId);
    case "changed":
      return Promise.resolve({ liveSessionId, notices: [] });
  }
}

/**
 * Closes these accounts' sockets on every open live session (they were signed out by a ban); a page they reload
 * watches as anonymous. Never fails the caller.
 */
export async function closeLiveSockets(env: Env, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  try {
    const open = await getDb(env)
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(isNull(liveSessions.endedAt))
      .all();
    await Promise.all(
      open.flatMap(({ id }) => userIds.map((userId) => env.LIVE_SESSION.getByName(id).signOut(userId))),
    );
  } catch (error) {
    log.error("live.sign_out_failed", { targetUserIds: userIds, error });
  }
}

/** The state every socket of the session is sent after a change, computed once per change. */
export type LiveBroadcast = {
  /** The session's streamer (null when the session does not exist). */
  /** The session's version this broadcast is of (one more with every change). */
  version: number;
  streamerId: string | null;
  fanPayload(userId: string | null): UpdateUserPayload;
  /** The whole queue, each fan with their presence: since when they have the live page open (the object's sockets). */
  streamerPayload(presence?: ReadonlyMap<string, number>): StreamerPayload;
  /** What a stream overlay may show: public names, lanes and counts (never ids or emails). */
  overlayPayload(): OverlayPayload;
  /** The queue as anyone may see it (public-queue.ts): the overlay's view is made from it. */
  publicPayload(): PublicQueuePayload;
};

export function broadcastOf(liveSessionId: string, snapshot: QueueSnapshot | null, version: number): LiveBroadcast {
  const entries = snapshot?.entries ?? [];
  const counts = laneCounts(entries);
  const ended = !snapshot || snapshot.session.endedAt !== null;
  const common = { liveSessionId, version, ended, counts };
  // Indexed on the first frame that needs them, once per broadcast.
  let placeOf: ((userId: string) => FanPlace | null) | undefined;
  let positions: Map<string, number> | undefined;
  let publicView: PublicQueuePayload | undefined;
  const lineOf = () => {
    positions ??= linePositions(entries);
    return positions;
  };
  const endings = new Map((snapshot?.endings ?? []).map(({ userId, ...ending }) => [userId, ending]));
  return {
    version,
    streamerId: snapshot?.session.streamerId ?? null,
    fanPayload(userId) {
      placeOf ??= snapshot ? fanPlaces(snapshot) : () => null;
      const place = userId ? placeOf(userId) : null;
      const history = userId ? (snapshot?.history ?? []).filter((step) => step.userId === userId) : [];
      return { ...common, place, ending: (userId && endings.get(userId)) || null, history };
    },
    overlayPayload() {
      return overlayOf(this.publicPayload());
    },
    publicPayload() {
      publicView ??= publicQueue(
        { liveSessionId, version, ended },
        entries,
        snapshot?.session ?? null,
        snapshot?.turnsMs ?? [],
        lineOf(),
      );
      return publicView;
    },
    streamerPayload(presence) {
      let vip = 0;
      let regular = 0;
      return {
        ...common,
        lobbyCode: snapshot?.session.lobbyCode ?? null,
        turnRules: {
          vipPerRegular: snapshot?.session.vipPerRegular ?? null,
          rejoinCooldown: snapshot?.session.rejoinCooldown ?? 0,
          readySeconds: snapshot?.session.readySeconds ?? READY_SECONDS_DEFAULT,
          vipMissed: snapshot?.session.vipMissed ?? "keep",
        },
        history: snapshot?.history ?? [],
        entries: entries.map((entry) => ({
          id: entry.id,
          userId: entry.userId,
          username: entry.username,
          gamertag: entry.gamertag,
          lane: entry.lane,
          state: entry.state,
          position: entry.lane === "vip" ? ++vip : ++regular,
          line: lineOf().get(entry.id) ?? null,
          presentSince: presence?.get(entry.userId) ?? null,
          joinedAt: new Date(entry.joinedAt).getTime(),
          plays: snapshot?.plays.get(entry.userId) ?? 0,
          ready: entry.state === "playing_next" ? readyCheckOf(entry) : null,
          readyMisses: entry.readyMisses,
          alert: snapshot?.alerts.get(entry.userId) ?? null,
          source: entry.source,
        })),
      };
    },
  };
}

export async function readBroadcast(env: Env, liveSessionId: string, version: number): Promise<LiveBroadcast> {
  return broadcastOf(liveSessionId, await queueSnapshot(getDb(env), liveSessionId), version);
}
