import { abortAllDurableObjects } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type LiveCommand, readBroadcast, sendLiveCommand } from "~/features/live/coordinator.server";
import { liveSocketPath } from "~/features/live/events";
import { placeOf } from "~/features/live/reads.server";
import { placeOfUser } from "~/features/live/snapshot.server";
import { replaceGamertags } from "~/features/profile/profile.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { createGame, createLiveSession, createPlatform, createStreamer, viewerOf } from "../factories";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

/**
 * The live queue's reliability (docs/decisions/014): concurrent joins through the session's Durable Object, a restarted
 * object, End Session twice, and who may do what. Everything goes through the app's own routes and commands.
 */
async function activeEntries(liveSessionId: string) {
  const { results } = await env.DB.prepare(
    `SELECT user_id, lane, position, state FROM queue_entries
     WHERE live_session_id = ? AND state IN ('waiting', 'playing_next', 'in_game')
     ORDER BY lane = 'vip' DESC, position`,
  )
    .bind(liveSessionId)
    .all<{ user_id: string; lane: string; position: number; state: string }>();
  return results;
}

describe("500 fans join one session at once", () => {
  it("gives each exactly one place: unique, gap-free positions per lane, VIP before regular", async () => {
    const world = await liveWorld({ priceMinor: 500 });
    const fans = await Promise.all(Array.from({ length: 500 }, (_, i) => liveFan(i % 2 === 0 ? 500 : 0)));
    const responses = await Promise.all(
      fans.map((fan, i) =>
        i % 2 === 0
          ? post("/api/join_vip", fan.cookie, {
              liveSessionId: world.liveSessionId,
              acceptTerms: true,
              paymentMethod: "wallet",
              gamertag: `fan-${i}`,
            })
          : post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId }),
      ),
    );
    expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);

    const entries = await activeEntries(world.liveSessionId);
    expect(entries).toHaveLength(500);
    expect(new Set(entries.map((e) => e.user_id)).size).toBe(500);
    // The join counter: unique and gap-free over the session.
    expect(entries.map((e) => e.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(entries.filter((e) => e.lane === "vip")).toHaveLength(250);

    // What each fan sees: ranks 1..n in each lane, every VIP fan served before every regular fan.
    const places = await Promise.all(fans.map((fan) => placeOf(env, world.liveSessionId, fan.user.id)));
    const vip = places.filter((p) => p?.place?.lane === "vip").map((p) => p?.place);
    const regular = places.filter((p) => p?.place?.lane === "regular").map((p) => p?.place);
    expect(vip.map((p) => p?.position).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    expect(regular.map((p) => p?.position).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 250 }, (_, i) => i + 1),
    );
    // The join answer's cheap count agrees with the whole-queue view.
    for (const [i, fan] of fans.slice(0, 40).entries()) {
      expect(await placeOfUser(getDb(env), world.liveSessionId, fan.user.id)).toEqual(places[i]?.place);
    }
    const lastVip = Math.max(...vip.map((p) => p?.ahead ?? 0));
    const firstRegular = Math.min(...regular.map((p) => p?.ahead ?? 0));
    expect(lastVip).toBeLessThan(firstRegular);
    // Every VIP place was paid exactly once from the wallet.
    const { results } = await env.DB.prepare(
      "SELECT count(*) AS n FROM orders WHERE live_session_id = ? AND kind = 'vip_queue' AND status = 'paid'",
    )
      .bind(world.liveSessionId)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(250);

    // A second join by anyone is refused and changes nothing.
    const again = await post("/api/join_regular", fans[1]?.cookie ?? "", { liveSessionId: world.liveSessionId });
    expect(again.status).toBe(409);
    expect(await activeEntries(world.liveSessionId)).toHaveLength(500);
  }, 120_000);
});

describe("the session's object restarted mid-session", () => {
  it("loses nobody, reorders nobody, and sockets resync after reconnecting", async () => {
    const world = await liveWorld();
    const fans = await Promise.all(Array.from({ length: 6 }, () => liveFan(500)));
    for (const [i, fan] of fans.entries()) {
      const path = i % 3 === 0 ? "/api/join_vip" : "/api/join_regular";
      const response = await post(path, fan.cookie, {
        liveSessionId: world.liveSessionId,
        acceptTerms: true,
        paymentMethod: "wallet",
        gamertag: "vip-tag",
      });
      expect(response.status).toBe(200);
    }
    const fanSocket = await openSocket(liveSocketPath(world.liveSessionId), fans[4]?.cookie);
    const streamerSocket = await openSocket(liveSocketPath(world.liveSessionId), world.streamerCookie);
    const first = await until(() => fanSocket.last("updateUserLiveSession"));
    await until(() => streamerSocket.last("messageInfluencerLiveSession"));
    const before = await activeEntries(world.liveSessionId);
    const versionBefore = (first.data as { version: number }).version;

    await abortAllDurableObjects();
    await until(() => fanSocket.isClosed() && streamerSocket.isClosed());

    // A change while nobody is connected, through a fresh object.
    const late = await liveFan();
    expect((await post("/api/join_regular", late.cookie, { liveSessionId: world.liveSessionId })).status).toBe(200);
    const after = await activeEntries(world.liveSessionId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);

    const again = await openSocket(liveSocketPath(world.liveSessionId), fans[4]?.cookie);
    const resynced = await until(() => again.last("updateUserLiveSession"));
    const place = (resynced.data as { place: { position: number; lane: string } }).place;
    const expected = (first.data as { place: { position: number; lane: string } }).place;
    expect(place).toMatchObject({ position: expected.position, lane: expected.lane });
    expect((resynced.data as { version: number }).version).toBeGreaterThan(versionBefore);
    expect((resynced.data as { counts: { regular: number } }).counts.regular).toBe(5);
    again.close();
  });
});

describe("End Session", () => {
  it("refunds each unserved VIP place exactly once, even when sent twice at once and again later", async () => {
    const world = await liveWorld({ priceMinor: 700 });
    const vips = await Promise.all(Array.from({ length: 4 }, () => liveFan(700)));
    for (const fan of vips) {
      const response = await post("/api/join_vip", fan.cookie, {
        liveSessionId: world.liveSessionId,
        acceptTerms: true,
        paymentMethod: "wallet",
        gamertag: "vip-tag",
      });
      expect(response.status).toBe(200);
    }
    const db = getDb(env);
    for (const fan of vips) expect(await walletBalance(db, fan.user.id, "USD")).toBe(0);
    // The first VIP is served (in game): that place is not refunded.
    const streamer = viewerOf(world.streamer);
    const served = await placeOf(env, world.liveSessionId, vips[0]?.user.id ?? "");
    await sendLiveCommand(env, world.liveSessionId, {
      type: "serve",
      viewer: streamer,
      entryId: served?.place?.entryId ?? "",
      to: "in_game",
    });

    const socket = await openSocket(liveSocketPath(world.liveSessionId), world.streamerCookie);
    await until(() => socket.last("messageInfluencerLiveSession"));
    const [a, b] = await Promise.all([
      post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {}),
      post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    socket.send({ event: "endLiveSession", data: { _live_session_id: world.liveSessionId }, ack: "x1" });
    const ack = await until(() => socket.frames.find((frame) => frame.event === "ack" && frame.ack === "x1"));
    expect(ack.data).toEqual({ success: true, error: null });
    // Sent again later: nothing more is ended or refunded.
    expect(
      await (await post(`/api/liveSession/end/${world.liveSessionId}`, world.streamerCookie, {})).json(),
    ).toMatchObject({
      refunded: 0,
    });
    // The fan in game has played (a VIP place served); nobody is left in the queue.
    const states = await env.DB.prepare("SELECT state FROM queue_entries WHERE live_session_id = ? ORDER BY position")
      .bind(world.liveSessionId)
      .all<{ state: string }>();
    expect(states.results.map((row) => row.state)).toEqual(["done", "refunded", "refunded", "refunded"]);

    expect(await walletBalance(db, vips[0]?.user.id ?? "", "USD")).toBe(0);
    for (const fan of vips.slice(1)) expect(await walletBalance(db, fan.user.id, "USD")).toBe(700);
    const { results } = await env.DB.prepare(
      `SELECT w.user_id, count(*) AS n FROM wallet_entries w JOIN orders o ON o.id = w.order_id
       WHERE o.live_session_id = ? AND w.kind = 'refund' GROUP BY w.user_id`,
    )
      .bind(world.liveSessionId)
      .all<{ user_id: string; n: number }>();
    expect(results.map((r) => r.n)).toEqual([1, 1, 1]);
    // The refunded fans were told (a notification row each).
    const notified = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications WHERE user_id IN (?, ?, ?) AND type = 'queue' AND title LIKE '%refunded%'",
    )
      .bind(vips[1]?.user.id ?? "", vips[2]?.user.id ?? "", vips[3]?.user.id ?? "")
      .first<{ n: number }>();
    expect(notified?.n).toBe(3);
    // No more joins; the streamer is free to go live again.
    const late = await liveFan(700);
    expect((await post("/api/join_regular", late.cookie, { liveSessionId: world.liveSessionId })).status).toBe(409);
    const user = await env.DB.prepare("SELECT live_session_id FROM users WHERE id = ?").bind(world.streamer.id).first();
    expect(user?.live_session_id).toBeNull();
    socket.close();
  });
});

describe("who may act on the queue", () => {
  it("refuses the wrong person or role on every queue call", async () => {
    const world = await liveWorld();
    const other = await liveWorld();
    const [alice, bob] = await Promise.all([liveFan(), liveFan()]);
    const staff = await liveFan(0, { role: "admin" });
    const id = world.liveSessionId;
    expect((await post("/api/join_regular", alice.cookie, { liveSessionId: id })).status).toBe(200);
    const aliceEntry = (await placeOf(env, id, alice.user.id))?.place?.entryId ?? "";

    // Not logged in: 401 on every call.
    for (const path of [
      "/api/join_regular",
      "/api/join_vip",
      "/api/check/vip",
      "/api/post/delete_user_regular_queue",
      `/api/liveSession/end/${id}`,
    ]) {
      expect((await post(path, "", { liveSessionId: id, id: aliceEntry, acceptTerms: true })).status, path).toBe(401);
    }
    // The session's own streamer and staff cannot join.
    expect((await post("/api/join_regular", world.streamerCookie, { liveSessionId: id })).status).toBe(403);
    expect((await post("/api/join_regular", staff.cookie, { liveSessionId: id })).status).toBe(403);
    expect(
      (
        await post("/api/join_vip", world.streamerCookie, {
          liveSessionId: id,
          acceptTerms: true,
          paymentMethod: "wallet",
        })
      ).status,
    ).toBe(403);
    // VIP needs the terms accepted.
    expect((await post("/api/join_vip", bob.cookie, { liveSessionId: id, paymentMethod: "wallet" })).status).toBe(400);
    // A fan cannot remove another fan's entry.
    expect((await post("/api/post/delete_user_regular_queue", bob.cookie, { id: aliceEntry })).status).toBe(403);
    // Nobody but the session's streamer serves, removes, sets the lobby code or ends.
    const viewers = { alice: viewerOf(alice.user), bob: viewerOf(bob.user), otherStar: viewerOf(other.streamer) };
    for (const viewer of Object.values(viewers)) {
      const commands: LiveCommand[] = [
        { type: "serve", viewer, entryId: aliceEntry, to: "playing_next" },
        { type: "remove", viewer, entryId: aliceEntry },
        { type: "lobbyCode", viewer, code: "HACK" },
        { type: "end", viewer },
        { type: "details", viewer, title: "x", description: "", requirements: [], session_tags: [] },
        { type: "streamingLink", viewer, isStreaming: false, streamingLink: "", parentHosts: [] },
      ];
      for (const command of commands) {
        await expect(sendLiveCommand(env, id, command), `${command.type} by ${viewer.username}`).rejects.toMatchObject({
          status: 403,
        });
      }
    }
    expect((await post(`/api/liveSession/end/${id}`, other.streamerCookie, {})).status).toBe(403);
    // Only the owner leaves their own entry; the streamer removes it.
    await expect(
      sendLiveCommand(env, id, { type: "leave", viewer: viewers.bob, entryId: aliceEntry }),
    ).rejects.toMatchObject({
      status: 403,
    });
    // An entry of another session cannot be reached through this one.
    await expect(
      sendLiveCommand(env, other.liveSessionId, {
        type: "serve",
        viewer: viewerOf(other.streamer),
        entryId: aliceEntry,
        to: "playing_next",
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await activeEntries(id)).map((e) => e.state)).toEqual(["waiting"]);
    expect((await post("/api/post/delete_user_regular_queue", world.streamerCookie, { id: aliceEntry })).status).toBe(
      200,
    );
    expect(await activeEntries(id)).toEqual([]);
    // The lanes are readable by anyone; only the streamer sees entry ids.
    const lane = (await (await get(`/api/get/regularQueue/${id}`)).json()) as { data: unknown[] };
    expect(lane.data).toEqual([]);
    expect((await get("/api/get/liveSession/nope")).status).toBe(404);
  });
});

describe("the queue dashboard's gamer tags", () => {
  it("shows each fan's tag on the session's network, else their first tag, else none", async () => {
    const streamer = await createStreamer(env.DB);
    const xbox = await createPlatform(env.DB, "xbox");
    const game = await createGame(env.DB, {}, { platformIds: [xbox.id] });
    const session = await createLiveSession(env.DB, streamer.id, game, { priceMinor: 500 });
    const both = await liveFan();
    const steamOnly = await liveFan();
    const none = await liveFan();
    await replaceGamertags(env, both.user.id, [
      { platform: "steam", tag: "both-on-steam" },
      { platform: "xbox", tag: "both-on-xbox" },
    ]);
    await replaceGamertags(env, steamOnly.user.id, [{ platform: "steam", tag: "only-steam" }]);
    for (const fan of [both, steamOnly, none]) {
      const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: session.id });
      expect(joined.status).toBe(200);
    }

    const board = (await readBroadcast(env, session.id, 1)).streamerPayload();
    const tagOf = (userId: string) => board.entries.find((entry) => entry.userId === userId)?.gamertag;
    expect(tagOf(both.user.id)).toBe("both-on-xbox");
    expect(tagOf(steamOnly.user.id)).toBe("only-steam");
    expect(tagOf(none.user.id)).toBeNull();
  });
});
