import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/features/access/policy";
import type { LiveCommand, LiveCommandResult } from "~/features/live/coordinator.server";
import { LIVE_COPY } from "~/features/live/copy";
import { liveSocketPath } from "~/features/live/events";
import { joinRegularGroup } from "~/features/live/queue.server";
import { placeOf } from "~/features/live/reads.server";
import { createLiveSession, viewerOf } from "../factories";
import { type Frame, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * Group commit of regular joins (ADR 022): the session's object writes the joins that arrive while its previous
 * write is in flight in one D1 batch. A group must lose, duplicate and reorder nobody, and a refused (or failing)
 * join must answer for itself alone, never for its neighbours.
 */
async function placesInOrder(liveSessionId: string) {
  const { results } = await env.DB.prepare(
    `SELECT user_id, position FROM queue_entries
     WHERE live_session_id = ? AND state IN ('waiting', 'playing_next', 'in_game') ORDER BY position`,
  )
    .bind(liveSessionId)
    .all<{ user_id: string; position: number }>();
  return results;
}

const fans = (count: number) => Promise.all(Array.from({ length: count }, () => liveFan()));

describe("a group of regular joins written together (joinRegularGroup)", () => {
  it("answers each join for itself, in order, and gives the accepted ones the next positions in that order", async () => {
    const world = await liveWorld();
    const [a, b, c, queued] = (await fans(4)).map((fan) => viewerOf(fan.user)) as [Viewer, Viewer, Viewer, Viewer];
    const staff = viewerOf((await liveFan(0, { role: "admin" })).user);
    const streamer = viewerOf(world.streamer);
    await joinRegularGroup(
      env,
      [queued].map((viewer) => ({ viewer })),
      world.liveSessionId,
    );

    const results = await joinRegularGroup(
      env,
      [a, staff, streamer, b, a, queued, c].map((viewer) => ({ viewer })),
      world.liveSessionId,
    );

    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
    ]);
    const reasons = results.map((result) => (result.status === "rejected" ? result.reason : null));
    expect(reasons[1]).toMatchObject({ status: 403, message: LIVE_COPY.staffCannotJoin });
    expect(reasons[2]).toMatchObject({ status: 403, message: LIVE_COPY.ownSession });
    // The same fan twice in one group: the second is refused by the first's place, in the same batch.
    expect(reasons[4]).toMatchObject({ status: 409, message: LIVE_COPY.alreadyQueued });
    expect(reasons[5]).toMatchObject({ status: 409, message: LIVE_COPY.alreadyQueued });
    expect(await placesInOrder(world.liveSessionId)).toEqual([
      { user_id: queued.id, position: 1 },
      { user_id: a.id, position: 2 },
      { user_id: b.id, position: 3 },
      { user_id: c.id, position: 4 },
    ]);
    // Each accepted join answers its fan's place, read in the group's own batch: what the whole queue says.
    for (const [index, viewer] of [
      [0, a],
      [3, b],
      [6, c],
    ] as const) {
      const result = results[index];
      const expected = (await placeOf(env, world.liveSessionId, viewer.id))?.place;
      expect(expected?.position).toBe(index / 3 + 2);
      expect(result?.status === "fulfilled" && result.value.place).toEqual(expected);
    }
  });

  it("keeps the neighbours of a join whose write fails (the batch is rolled back, then each join is retried alone)", async () => {
    const world = await liveWorld();
    const [a, b] = (await fans(2)).map((fan) => viewerOf(fan.user)) as [Viewer, Viewer];
    // An account deleted between its sign-in and its join: its place breaks the users foreign key, failing the batch.
    const gone = { ...a, id: "usr_deleted_meanwhile", username: "gone" };

    const results = await joinRegularGroup(
      env,
      [a, gone, b].map((viewer) => ({ viewer })),
      world.liveSessionId,
    );

    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await placesInOrder(world.liveSessionId)).toEqual([
      { user_id: a.id, position: 1 },
      { user_id: b.id, position: 2 },
    ]);
  });

  it("refuses every join of an ended or unknown session with its own answer and writes nothing", async () => {
    const world = await liveWorld();
    const ended = await createLiveSession(env.DB, world.streamer.id, world.game, {
      startedAt: new Date(Date.now() - 60_000),
      endedAt: new Date(),
    });
    const viewers = (await fans(3)).map((fan) => viewerOf(fan.user));

    const closed = await joinRegularGroup(
      env,
      viewers.map((viewer) => ({ viewer })),
      ended.id,
    );
    const unknown = await joinRegularGroup(
      env,
      viewers.map((viewer) => ({ viewer })),
      "live_no_such_session",
    );

    for (const result of closed) {
      expect(result).toMatchObject({ status: "rejected", reason: { status: 409, message: LIVE_COPY.sessionEnded } });
    }
    for (const result of unknown) {
      expect(result).toMatchObject({ status: "rejected", reason: { status: 404, message: LIVE_COPY.notFound } });
    }
    expect(await placesInOrder(ended.id)).toEqual([]);
  });
});

describe("joins sent to the session's object all at once", () => {
  it("places every fan once, in arrival order, gap-free, with refusals mixed in and a leave between two bursts", async () => {
    const world = await liveWorld();
    const id = world.liveSessionId;
    // One stub: calls on it reach the object in the order they were made.
    const stub = env.LIVE_SESSION.getByName(id);
    const send = (command: LiveCommand) => stub.command(id, command) as Promise<LiveCommandResult>;
    const leaver = viewerOf((await liveFan()).user);
    expect(await send({ type: "joinRegular", viewer: leaver })).toMatchObject({ ok: true });
    const leaverEntry = (await placeOf(env, id, leaver.id))?.place?.entryId ?? "";
    const first = (await fans(60)).map((fan) => viewerOf(fan.user));
    const second = (await fans(60)).map((fan) => viewerOf(fan.user));
    const staff = viewerOf((await liveFan(0, { role: "admin" })).user);
    const streamer = viewerOf(world.streamer);

    const sent = [
      ...first.flatMap((viewer, i) => {
        const joins = [send({ type: "joinRegular", viewer })];
        if (i % 10 === 3) joins.push(send({ type: "joinRegular", viewer })); // a double click
        if (i === 20) joins.push(send({ type: "joinRegular", viewer: staff }));
        if (i === 40) joins.push(send({ type: "joinRegular", viewer: streamer }));
        return joins;
      }),
      // The leaver leaves, then joins again at the back: only right if nothing sent after the leave ran before it.
      send({ type: "leave", viewer: leaver, entryId: leaverEntry }),
      send({ type: "joinRegular", viewer: leaver }),
      ...second.map((viewer) => send({ type: "joinRegular", viewer })),
    ];
    const results = await Promise.all(sent);

    const refused = results.filter((result) => !result.ok);
    expect(refused.map((result) => !result.ok && [result.status, result.message])).toEqual([
      [409, LIVE_COPY.alreadyQueued],
      [409, LIVE_COPY.alreadyQueued],
      [403, LIVE_COPY.staffCannotJoin],
      [409, LIVE_COPY.alreadyQueued],
      [409, LIVE_COPY.alreadyQueued],
      [403, LIVE_COPY.ownSession],
      [409, LIVE_COPY.alreadyQueued],
      [409, LIVE_COPY.alreadyQueued],
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(60 + 2 + 60);
    const places = await placesInOrder(id);
    expect(places.map((place) => place.user_id)).toEqual([...first, leaver, ...second].map((viewer) => viewer.id));
    // Positions: the leaver's first place (1) is gone; the rest follow on with no gap and no repeat.
    expect(places.map((place) => place.position)).toEqual(Array.from({ length: 121 }, (_, i) => i + 2));
  });
});

describe("the broadcast after a burst of joins", () => {
  it("sends each socket its own view: the streamer the queue, each fan their place, anonymous viewers the counts", async () => {
    const world = await liveWorld();
    const id = world.liveSessionId;
    const [first, second, watcher] = await fans(3);
    if (!first || !second || !watcher) throw new Error("no fans");
    const path = liveSocketPath(id);
    const sockets = {
      streamer: await openSocket(path, world.streamerCookie),
      first: await openSocket(path, first.cookie),
      second: await openSocket(path, second.cookie),
      watcher: await openSocket(path, watcher.cookie),
      anonymous: await openSocket(path),
    };
    await until(() => sockets.anonymous.last("updateUserLiveSession"));
    await until(() => sockets.streamer.last("messageInfluencerLiveSession"));

    const joined = await Promise.all(
      [first, second].map((fan) => post("/api/join_regular", fan.cookie, { liveSessionId: id })),
    );
    expect(joined.map((response) => response.status)).toEqual([200, 200]);

    const both = (frame: Frame | undefined) =>
      (frame?.data as { counts?: { regular: number } } | undefined)?.counts?.regular === 2 ? frame : undefined;
    const board = await until(() => both(sockets.streamer.last("messageInfluencerLiveSession")));
    expect((board.data as { entries: { userId: string }[] }).entries.map((entry) => entry.userId).sort()).toEqual(
      [first.user.id, second.user.id].sort(),
    );
    const placeIn = async (socket: (typeof sockets)[keyof typeof sockets]) =>
      ((await until(() => both(socket.last("updateUserLiveSession")))).data as { place: { position: number } | null })
        .place;
    const places = [await placeIn(sockets.first), await placeIn(sockets.second)].map((place) => place?.position);
    expect(places.sort()).toEqual([1, 2]);
    expect(await placeIn(sockets.watcher)).toBeNull();
    expect(await placeIn(sockets.anonymous)).toBeNull();
    // Nobody but the streamer is sent the queue.
    for (const socket of [sockets.first, sockets.second, sockets.watcher, sockets.anonymous]) {
      expect(socket.last("messageInfluencerLiveSession")).toBeUndefined();
    }
    expect(sockets.streamer.last("updateUserLiveSession")).toBeUndefined();
    for (const socket of Object.values(sockets)) socket.close();
  });
});
