import { log } from "../app/platform/log.server";
import { LIVE_WATCHER_SHARDS, type WatcherFrames, watcherShardName } from "./live-watchers";

/** The shards of signed-out watchers (workers/live-watchers.ts) that had sockets at the last broadcast. */
const WATCHERS_KEY = "watcher-shards";

/**
 * The live session object's side of its signed-out watchers' shards: which shards have watchers (in the object's
 * storage, with when a socket there last asked for the frames), the frames of the latest version read (in memory
 * only: a new instance reads them again), and the relay of each change's frames to the shards.
 */
export class WatcherRelay {
  /** The watchers' frames of the latest version read. */
  latest: WatcherFrames | null = null;
  /** The relay to the watchers' shards in flight, and the frames waiting for it (only the latest is kept). */
  #relaying: Promise<void> | null = null;
  #relayNext: { liveSessionId: string; frames: WatcherFrames } | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {}

  /** Each shard with watchers, and when a socket there last asked for the frames (`watch`). */
  async shards(): Promise<Record<number, number>> {
    return (await this.ctx.storage.get<Record<number, number>>(WATCHERS_KEY)) ?? {};
  }

  /** A shard opening a socket asked for the frames: it is remembered (false for no such shard). */
  async remember(shard: number): Promise<boolean> {
    if (!Number.isInteger(shard) || shard < 0 || shard >= LIVE_WATCHER_SHARDS) return false;
    await this.ctx.storage.put(WATCHERS_KEY, { ...(await this.shards()), [shard]: Date.now() });
    return true;
  }

  /**
   * Hands the shards of signed-out watchers the frames of this change, without holding up the next command: one
   * relay at a time, in order, and a change that comes while one is in flight replaces any that waits (the
   * watchers get the latest state, as sockets here do during a burst). A shard that answers it has no socket is
   * forgotten.
   */
  relay(liveSessionId: string, frames: WatcherFrames) {
    this.#relayNext = { liveSessionId, frames };
    if (this.#relaying) return;
    const run = async () => {
      while (this.#relayNext) {
        const next = this.#relayNext;
        this.#relayNext = null;
        const startedAt = Date.now();
        const shards = Object.keys(await this.shards()).map(Number);
        const open = await Promise.all(
          shards.map((shard) =>
            this.env.LIVE_WATCHERS.getByName(watcherShardName(next.liveSessionId, shard))
              .relay(next.frames)
              .catch((error: unknown) => {
                log.error("live.watchers_relay_failed", { liveSessionId: next.liveSessionId, shard, error });
                return 1;
              }),
          ),
        );
        const empty = shards.filter((_, index) => open[index] === 0);
        if (empty.length > 0) {
          // A shard asked for the frames since this relay began has a new socket: it stays.
          const now = await this.shards();
          for (const shard of empty) if ((now[shard] ?? 0) < startedAt) delete now[shard];
          await this.ctx.storage.put(WATCHERS_KEY, now);
        }
      }
    };
    this.#relaying = run().finally(() => {
      this.#relaying = null;
    });
    this.ctx.waitUntil(this.#relaying);
  }
}
