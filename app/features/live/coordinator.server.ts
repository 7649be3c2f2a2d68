import { isNull } from "drizzle-orm";
import type { Viewer } from "~/features/auth/policy";
import { AppError, type AppErrorStatus, isAppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { liveSessions } from "~db/schema";
import type { InfluencerPayload, UpdateUserPayload } from "./events";
import {
  joinRegular,
  leaveQueue,
  moveEntry,
  type QueueChange,
  removeEntry,
  type ServeTarget,
  setLiveLobbyCode,
} from "./queue.server";
import { type EndOutcome, endLiveSession, updateLiveDetails, updateStreamingLink } from "./sessions.server";
import { fanPlace, laneCounts, type QueueSnapshot, queueSnapshot } from "./snapshot.server";
import { joinVipWithWallet } from "./vip.server";

/**
 * The commands a live session's Durable Object (workers/live-session.ts) runs, one at a time, in arrival
 * order. Each is a use case of this feature (which checks who may do it before writing); the object only
 * orders them and broadcasts. Pages and /api routes send them through `sendLiveCommand`.
 */
export type LiveCommand =
  | { type: "joinRegular"; viewer: Viewer }
  | { type: "joinVipWallet"; viewer: Viewer }
  | { type: "leave"; viewer: Viewer; entryId: string }
  | { type: "serve"; viewer: Viewer; entryId: string; to: ServeTarget }
  | { type: "remove"; viewer: Viewer; entryId: string }
  | { type: "lobbyCode"; viewer: Viewer; code: string }
  | { type: "streamingLink"; viewer: Viewer; isStreaming: boolean; streamingLink: string; parentHosts: string[] }
  | {
      type: "details";
      viewer: Viewer;
      title: string;
      description: string;
      requirements: { key: string; value: string }[];
      session_tags: string[];
    }
  | { type: "end"; viewer: Viewer }
  /** Something was written outside the object (a VIP card payment fulfilled): broadcast only. */
  | { type: "changed" };

export type LiveCommandOutcome = QueueChange & Partial<Pick<EndOutcome, "stillPlaying" | "refunded">>;

/** What crosses the RPC boundary: a plain object (an AppError thrown in the object would lose its status). */
export type LiveCommandResult =
  | { ok: true; outcome: LiveCommandOutcome }
  | { ok: false; status: AppErrorStatus; message: string; field?: string };

export async function runLiveCommand(
  env: Env,
  liveSessionId: string,
  command: LiveCommand,
): Promise<LiveCommandResult> {
  try {
    return { ok: true, outcome: await dispatch(env, liveSessionId, command) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: error.status, message: error.message, field: error.field };
    throw error;
  }
}

function dispatch(env: Env, liveSessionId: string, command: LiveCommand): Promise<LiveCommandOutcome> {
  switch (command.type) {
    case "joinRegular":
      return joinRegular(env, command.viewer, liveSessionId);
    case "joinVipWallet":
      return joinVipWithWallet(env, command.viewer, liveSessionId);
    case "leave":
      return leaveQueue(env, command.viewer, command.entryId, liveSessionId);
    case "serve":
      return moveEntry(env, command.viewer, command.entryId, command.to, liveSessionId);
    case "remove":
      return removeEntry(env, command.viewer, command.entryId, liveSessionId);
    case "lobbyCode":
      return setLiveLobbyCode(env, command.viewer, liveSessionId, command.code);
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

/** Sends a command to the session's object and waits for its answer; a refusal is thrown as the AppError it was. */
export async function sendLiveCommand(
  env: Env,
  liveSessionId: string,
  command: LiveCommand,
): Promise<LiveCommandOutcome> {
  const result = (await env.LIVE_SESSION.getByName(liveSessionId).command(liveSessionId, command)) as LiveCommandResult;
  if (!result.ok) throw new AppError(result.status, result.message, result.field);
  return result.outcome;
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

/** Tells the session's object that its queue changed elsewhere, so it broadcasts. Never fails the caller. */
export async function liveSessionChanged(env: Env, liveSessionId: string): Promise<void> {
  try {
    await sendLiveCommand(env, liveSessionId, { type: "changed" });
  } catch (error) {
    log.error("live.broadcast_failed", { liveSessionId, error });
  }
}

/** The state every socket of the session is sent after a change, computed once per change. */
export type LiveBroadcast = {
  /** The session's streamer (null when the session does not exist). */
  influencerId: string | null;
  fanPayload(userId: string | null): UpdateUserPayload;
  influencerPayload(): InfluencerPayload;
};

export function broadcastOf(liveSessionId: string, snapshot: QueueSnapshot | null, version: number): LiveBroadcast {
  const entries = snapshot?.entries ?? [];
  const counts = laneCounts(entries);
  const ended = !snapshot || snapshot.session.endedAt !== null;
  const common = { liveSessionId, version, ended, counts };
  return {
    influencerId: snapshot?.session.influencerId ?? null,
    fanPayload(userId) {
      const place = snapshot && userId ? fanPlace(snapshot, userId) : null;
      return { ...common, place };
    },
    influencerPayload() {
      let vip = 0;
      let regular = 0;
      return {
        ...common,
        lobbyCode: snapshot?.session.lobbyCode ?? null,
        stillPlaying: entries.filter((entry) => entry.state === "playing_next" || entry.state === "in_game").length,
        entries: entries.map((entry) => ({
          id: entry.id,
          userId: entry.userId,
          username: entry.username,
          lane: entry.lane,
          state: entry.state,
          position: entry.lane === "vip" ? ++vip : ++regular,
          joinedAt: new Date(entry.joinedAt).getTime(),
        })),
      };
    },
  };
}

export async function readBroadcast(env: Env, liveSessionId: string, version: number): Promise<LiveBroadcast> {
  return broadcastOf(liveSessionId, await queueSnapshot(getDb(env), liveSessionId), version);
}
