import type { Viewer } from "~/features/access";
import { AppError, type AppErrorStatus } from "~/lib/errors";
import { log } from "~/platform/log.server";
import type { JoinSource } from "~db/schema";
import type { QueueChange, ServeTarget } from "./queue.server";
import type { ReadyLink } from "./ready-link.server";
import type { EndOutcome } from "./sessions.server";
import type { TurnRules } from "./turn-rules.server";

/*
 * How the rest of the app speaks to a live session's Durable Object: the commands and the one door that sends them.
 * Kept apart from coordinator.server.ts (which runs them, and so imports the queue, VIP and checkout use cases) so
 * that a module those use cases reach, such as the VIP fulfilment step (vip-step.server.ts, registered in
 * workers/composition.ts), can tell a session it changed with a plain static import and no cycle
 * (tests/architecture/import-graph.test.ts).
 */

/**
 * The commands a live session's Durable Object (workers/live-session.ts) runs, one at a time, in arrival
 * order. Each is a use case of this feature (which checks who may do it before writing); the object only
 * orders them and broadcasts. Pages and /api routes send them through `sendLiveCommand`.
 */
export type LiveCommand =
  /** The gamer tag the fan gave (the live page asks for it); absent: their saved one (the API may omit it). */
  | { type: "joinRegular"; viewer: Viewer; gamertag?: string | null; source?: JoinSource }
  | { type: "joinVipWallet"; viewer: Viewer; gamertag?: string | null }
  /** A VIP place paid with one use of the fan's VIP pass for this streamer (docs/decisions/032). */
  | { type: "joinVipPass"; viewer: Viewer; gamertag?: string | null }
  | { type: "leave"; viewer: Viewer; entryId: string }
  | { type: "serve"; viewer: Viewer; entryId: string; to: ServeTarget }
  | { type: "remove"; viewer: Viewer; entryId: string }
  /** The streamer calls the next `size` fans at once (a party pick). */
  | { type: "callParty"; viewer: Viewer; size: number }
  /** The fan confirms their ready check. */
  | { type: "ready"; viewer: Viewer; entryId: string }
  /** The fan confirms by their alert email's signed link (no sign-in: the link is the proof). */
  | { type: "readyLink"; link: Omit<ReadyLink, "liveSessionId"> }
  /** The streamer skips a fan whose ready check is running: it is missed now. */
  | { type: "skip"; viewer: Viewer; entryId: string }
  /** The object's alarm: the ready checks whose countdown is over are missed. */
  | { type: "expireReady" }
  | { type: "lobbyCode"; viewer: Viewer; code: string }
  | ({ type: "turnRules"; viewer: Viewer } & TurnRules)
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

export type LiveCommandOutcome = QueueChange & Partial<Pick<EndOutcome, "refunded">>;

/** What crosses the RPC boundary: a plain object (an AppError thrown in the object would lose its status). */
export type LiveCommandResult =
  | { ok: true; outcome: LiveCommandOutcome }
  | { ok: false; status: AppErrorStatus; message: string; field?: string };

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

/** Tells the session's object that its queue changed elsewhere, so it broadcasts. Never fails the caller. */
export async function liveSessionChanged(env: Env, liveSessionId: string): Promise<void> {
  try {
    await sendLiveCommand(env, liveSessionId, { type: "changed" });
  } catch (error) {
    log.error("live.broadcast_failed", { liveSessionId, error });
  }
}
