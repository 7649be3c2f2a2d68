import type { LiveBroadcast } from "../app/features/live/index.server";

/**
 * The session's latest queue state read by its object, shared by every socket that opens (or asks to resync, or
 * every watcher shard that asks) before the next change. A fan's socket is sent its view of the state when it
 * opens; reading the queue from D1 for each one made a big night's arrivals (a stream starting, or every fan
 * reconnecting after a deploy) queue behind one another in the object, each behind every earlier one's read,
 * until the last waited past the client's patience. Now one read serves them all, the reads in flight included.
 *
 * A state is kept for one version AND no change applied since: `changed()` is called when a command changes the
 * queue (before the broadcast that bumps the version, which may wait for the end of a burst), so a socket
 * opening then reads D1 afresh, as it always did, and the ones opening with it share that read. In memory only:
 * a new instance reads again.
 */
export class LatestBroadcast {
  #changes = 0;
  #latest: { version: number; changes: number; state: Promise<LiveBroadcast> } | null = null;

  /** A command changed the queue: states read before now are not handed out again. */
  changed() {
    this.#changes++;
  }

  /** The state of `version`, read with `read` unless a read of it since the last change is kept or in flight. */
  of(version: number, read: () => Promise<LiveBroadcast>): Promise<LiveBroadcast> {
    const latest = this.#latest;
    if (latest && latest.version === version && latest.changes === this.#changes) return latest.state;
    return this.fresh(version, read);
  }

  /** Reads the state of `version` now (the broadcast after a change) and keeps it for the sockets opening next. */
  fresh(version: number, read: () => Promise<LiveBroadcast>): Promise<LiveBroadcast> {
    const entry = { version, changes: this.#changes, state: read() };
    this.#latest = entry;
    // A failed read is not kept: the next socket tries again.
    entry.state.catch(() => {
      if (this.#latest === entry) this.#latest = null;
    });
    return entry.state;
  }
}
