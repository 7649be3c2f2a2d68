import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { liveSocketPath } from "~/features/live/events";
import { eventually } from "~tests/support/eventually";
import { LIVE_WATCHER_SHARDS, watcherShardName } from "../../workers/live-watchers";
import { liveFan, liveWorld, openSocket, post, until } from "./live-world";

type Payload = { version: number; inLine?: number };
const versionOf = (frame: { data: Record<string, unknown> }) => (frame.data as Payload).version;

/** The shards the session's object remembers as having watchers (its storage, read inside the object). */
async function watchedShards(liveSessionId: string): Promise<number[]> {
  const stub = env.LIVE_SESSION.getByName(liveSessionId);
  return runInDurableObject(stub, async (_instance, state) =>
    Object.keys((await state.storage.get<Record<number, number>>("watcher-shards")) ?? {}).map(Number),
  );
}

/** How many sockets each of the session's watcher shards holds. */
async function socketsPerShard(liveSessionId: string): Promise<number[]> {
  const counts: number[] = [];
  for (let shard = 0; shard < LIVE_WATCHER_SHARDS; shard++) {
    const stub = env.LIVE_WATCHERS.getByName(watcherShardName(liveSessionId, shard));
    counts.push(await runInDurableObject(stub, (_instance, state) => state.getWebSockets().length));
  }
  return counts;
}

describe("signed-out watchers of a live session", () => {
  it("are spread over the watcher shards, each gets every change, and signed-in fans stay on the session", async () => {
    const world = await liveWorld({ priceMinor: 500, noOfPlayers: 1, durationMinutes: 10 });
    const path = liveSocketPath(world.liveSessionId);
    const watchers = await Promise.all(Array.from({ length: 40 }, () => openSocket(path)));
    const fan = await liveFan();
    const fanSocket = await openSocket(path, fan.cookie);

    // Each watcher is sent the current frames on connect, by its shard.
    for (const watcher of watchers) await until(() => watcher.last("publicQueueLiveSession"));
    const perShard = await socketsPerShard(world.liveSessionId);
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(40);
    expect(perShard.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect((await watchedShards(world.liveSessionId)).sort()).toEqual(
      perShard.flatMap((count, shard) => (count > 0 ? [shard] : [])).sort(),
    );
    // The session's own object holds the signed-in fan, not the watchers.
    const onSession = await runInDurableObject(
      env.LIVE_SESSION.getByName(world.liveSessionId),
      (_i, state) => state.getWebSockets().length,
    );
    expect(onSession).toBe(1);

    // Three changes: every watcher ends on the last version, in order, with the public line of 3.
    for (const tag of ["A", "B", "C"]) {
      const joiner = await liveFan();
      const joined = await post("/api/join_regular", joiner.cookie, {
        liveSessionId: world.liveSessionId,
        gamertag: tag,
      });
      expect(joined.status).toBe(200);
    }
    const finalVersion = await until(() => {
      const frame = fanSocket.last("publicQueueLiveSession");
      return frame && (frame.data as Payload).inLine === 3 ? versionOf(frame) : undefined;
    });
    for (const watcher of watchers) {
      const frame = await until(() => {
        const seen = watcher.last("publicQueueLiveSession");
        return seen && versionOf(seen) === finalVersion ? seen : undefined;
      });
      expect((frame.data as Payload).inLine).toBe(3);
      const versions = watcher.frames.filter((f) => f.event === "publicQueueLiveSession").map(versionOf);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
    }

    // A watcher that asks to resync is sent the latest frames by its shard.
    const [first] = watchers;
    if (!first) throw new Error("no watcher");
    const before = first.frames.length;
    first.send({ event: "resync" });
    await until(() => first.frames.length >= before + 2);
    expect(versionOf(first.frames.at(-1) as { data: Record<string, unknown> })).toBe(finalVersion);

    // When every watcher leaves, the next change finds the shards empty and the session forgets them.
    for (const watcher of watchers) watcher.close();
    await eventually(async () => (await socketsPerShard(world.liveSessionId)).every((count) => count === 0));
    const joiner = await liveFan();
    await post("/api/join_regular", joiner.cookie, { liveSessionId: world.liveSessionId, gamertag: "D" });
    await eventually(async () => (await watchedShards(world.liveSessionId)).length === 0);
    fanSocket.close();
  });
});
