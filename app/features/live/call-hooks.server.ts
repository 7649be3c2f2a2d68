import { log } from "~/platform/log.server";

/**
 * Who else hears that a fan was called to play next. The live feature alerts by push, email and notification
 * itself; a fan who queued from chat (Twitch, Discord) is told there too, by the chat feature, which imports the
 * live feature: so it is registered here from the composition root (workers/composition.ts), and live imports
 * nothing of it.
 */
export type PlaceCalled = {
  entryId: string;
  userId: string;
  liveSessionId: string;
  streamerName: string;
  /** The ready check's seconds from the call. */
  secondsLeft: number;
};

export type CallHook = (env: Env, call: PlaceCalled, now: Date) => Promise<unknown>;

let hooks: readonly CallHook[] = [];

/** Sets who hears of calls (the composition root, once per isolate). */
export function setCallHooks(list: readonly CallHook[]): void {
  hooks = list;
}

/** Tells each registered hook of a call; a hook that fails is logged, never fails the call (it is written). */
export async function runCallHooks(env: Env, call: PlaceCalled, now: Date): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(env, call, now);
    } catch (error) {
      log.error("live.call_hook_failed", { entryId: call.entryId, error });
    }
  }
}
