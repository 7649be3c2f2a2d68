import { describe, expect, it } from "vitest";
import { liveSocketPath } from "~/features/live/events";
import type { LiveBroadcast } from "~/features/live/index.server";
import { LatestBroadcast } from "../../workers/latest-broadcast";
import { liveFan, liveWorld, openSocket, post, until } from "./live-world";

type FanFrame = { version: number; place: { position: number } | null };

/** A read of the queue that counts itself and resolves when told. */
function countedReads() {
  const reads: { version: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const read = (version: number) => () =>
    new Promise<LiveBroadcast>((resolve, reject) => {
      reads.push({
        version,
        resolve: () => resolve({ version } as LiveBroadcast),
        reject,
      });
    });
  return { reads, read };
}

describe("sockets arriving at a live session", () => {
  it("share one read of the queue until the next change, the reads in flight included", async () => {
    const latest = new LatestBroadcast();
    const { reads, read } = countedReads();
    // A big night's arrivals: 5,000 fans open the live page before the queue changes.
    const states = Array.from({ length: 5000 }, () => latest.of(7, read(7)));
    expect(reads).toHaveLength(1);
    reads[0]?.resolve();
    expect(new Set(await Promise.all(states)).size).toBe(1);
    await latest.of(7, read(7));
    expect(reads).toHaveLength(1);

    // A change not broadcast yet (its burst goes on): the next arrival reads afresh, and the ones after it share it.
    latest.changed();
    const afterChange = [latest.of(7, read(7)), latest.of(7, read(7))];
    expect(reads).toHaveLength(2);
    reads[1]?.resolve();
    await Promise.all(afterChange);

    // The broadcast's own read of the new version is kept for the sockets opening after it.
    const broadcast = latest.fresh(8, read(8));
    expect(reads).toHaveLength(3);
    reads[2]?.resolve();
    expect(await latest.of(8, read(8))).toBe(await broadcast);
    expect(reads).toHaveLength(3);
  });

  it("do not keep a failed read", async () => {
    const latest = new LatestBroadcast();
    const { reads, read } = countedReads();
    const failed = latest.of(3, read(3));
    reads[0]?.reject(new Error("D1 unavailable"));
    await expect(failed).rejects.toThrow("D1 unavailable");
    const retried = latest.of(3, read(3));
    expect(reads).toHaveLength(2);
    reads[1]?.resolve();
    expect((await retried).version).toBe(3);
  });

  it("each get their own view when many signed-in fans open at once, and a fan who joins next sees their place", async () => {
    const world = await liveWorld({ priceMinor: 500, noOfPlayers: 1, durationMinutes: 10 });
    const path = liveSocketPath(world.liveSessionId);
    const fans = await Promise.all(Array.from({ length: 60 }, () => liveFan()));
    const joined = fans.slice(0, 3);
    for (const [index, fan] of joined.entries()) {
      const response = await post("/api/join_regular", fan.cookie, {
        liveSessionId: world.liveSessionId,
        gamertag: `Tag${index}`,
      });
      expect(response.status).toBe(200);
    }

    const sockets = await Promise.all(fans.map((fan) => openSocket(path, fan.cookie)));
    const first = await Promise.all(
      sockets.map((socket) => until(() => socket.last("updateUserLiveSession")?.data as FanFrame | undefined)),
    );
    expect(first.map((frame) => frame.place?.position ?? null)).toEqual([
      1,
      2,
      3,
      ...Array.from({ length: 57 }, () => null),
    ]);

    const late = await liveFan();
    const response = await post("/api/join_regular", late.cookie, {
      liveSessionId: world.liveSessionId,
      gamertag: "Late",
    });
    expect(response.status).toBe(200);
    const lateSocket = await openSocket(path, late.cookie);
    const lateFrame = await until(() => lateSocket.last("updateUserLiveSession")?.data as FanFrame | undefined);
    expect(lateFrame.place?.position).toBe(4);
    expect(lateFrame.version).toBeGreaterThan(first[0]?.version ?? Number.POSITIVE_INFINITY);
    for (const socket of [...sockets, lateSocket]) socket.close();
  });
});
