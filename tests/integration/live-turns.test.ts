import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readBroadcast } from "~/features/live/coordinator.server";
import { joinRegular, moveEntry } from "~/features/live/queue.server";
import { placeOf } from "~/features/live/reads.server";
import { setTurnRules } from "~/features/live/turn-rules.server";
import { joinVipWithWallet } from "~/features/live/vip.server";
import { rejection } from "~tests/support/rejection";
import { createStreamer, viewerOf } from "../factories";
import { ORIGIN, postForm } from "./app";
import { liveFan, liveWorld, post } from "./live-world";

/**
 * Fair turns: the streamer's rotation (one regular after every N VIP) and rejoin cooldown, through the app's use
 * cases, as the dashboard, the public view and the wait estimate show them.
 */
const LANES = "rvrrvvrvrrrvvvrvrrvv";
const MINUTE = 60_000;

type LiveWorld = Awaited<ReturnType<typeof liveWorld>>;
type Viewer = ReturnType<typeof viewerOf>;
type StreamerBoard = ReturnType<Awaited<ReturnType<typeof readBroadcast>>["streamerPayload"]>;
const at = (start: number, minute: number) => new Date(start + minute * MINUTE);
const publicView = async (id: string) => (await readBroadcast(env, id, 1)).publicPayload();

/** The dashboard's plain form sets the rules (two VIP per regular, cooldown of three); only the session's streamer may. */
async function theStreamerSetsTheRules(world: LiveWorld, streamer: Viewer) {
  const id = world.liveSessionId;
  const saved = await postForm(
    `/influencer/live/session/${id}`,
    { intent: "turnRules", vipPerRegular: "2", rejoinCooldown: "3" },
    { Cookie: world.streamerCookie, Origin: ORIGIN },
  );
  expect(saved.status).toBe(200);
  const other = viewerOf(await createStreamer(env.DB));
  expect((await rejection(setTurnRules(env, other, id, { vipPerRegular: 1, rejoinCooldown: 0 }))).status).toBe(403);
  expect((await rejection(setTurnRules(env, streamer, id, { vipPerRegular: 11, rejoinCooldown: 0 }))).status).toBe(400);
}

/** A regular join's answer (read in its own batch) is the fan's place as the whole queue's snapshot says it. */
async function expectAnswerAgrees(id: string, viewer: Viewer, joined: { place?: unknown }) {
  expect(joined.place).toBeTruthy();
  expect(joined.place).toEqual((await placeOf(env, id, viewer.id))?.place);
}

/** Twenty fans join a minute apart, VIP or regular as LANES says, each tagged with their lane and number. */
async function twentyFansJoin(id: string, start: number) {
  const fans = await Promise.all([...LANES].map((lane) => liveFan(lane === "v" ? 500 : 0)));
  for (const [i, lane] of [...LANES].entries()) {
    const fan = fans[i];
    if (!fan) throw new Error("missing fan");
    const tag = `${lane}${i + 1}`;
    const viewer = viewerOf(fan.user);
    if (lane === "v") await joinVipWithWallet(env, viewer, id, tag, at(start, i));
    else await expectAnswerAgrees(id, viewer, await joinRegular(env, { viewer, gamertag: tag }, id, at(start, i)));
  }
  return fans;
}

/** The public line keeps the ratio, its wait one ten-minute game per fan ahead; the dashboard and overlay agree. */
async function theLineKeepsTheRatioEverywhere(id: string): Promise<StreamerBoard> {
  const first = await publicView(id);
  expect(first.line.map((place) => place.name)).toEqual([
    ...["v2", "v5", "r1", "v6", "v8", "r3", "v12", "v13", "r4", "v14"],
    ...["v16", "r7", "v19", "v20", "r9", "r10", "r11", "r15", "r17", "r18"],
  ]);
  expect(first.line.map((place) => place.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(first.line.map((place) => place.waitMinutes)).toEqual(
    Array.from({ length: 20 }, (_, i) => Math.max(1, i * 10)),
  );
  const broadcast = await readBroadcast(env, id, 1);
  const board = broadcast.streamerPayload();
  expect(board.turnRules).toMatchObject({ vipPerRegular: 2, rejoinCooldown: 3 });
  const lineOf = new Map(board.entries.map((entry) => [entry.gamertag, entry.line]));
  expect(first.line.map((place) => lineOf.get(place.name))).toEqual(first.line.map((place) => place.line));
  expect(broadcast.overlayPayload().next.map((place) => place.name)).toEqual(["v2", "v5", "r1", "v6", "v8"]);
  return board;
}

/** The streamer serving the line from the top, one turn (in game, then done) at a time, from minute 30 on. */
function theStreamerServes(streamer: Viewer, id: string, board: StreamerBoard, start: number) {
  const entryOf = (tag: string) => board.entries.find((entry) => entry.gamertag === tag)?.id ?? "";
  let minute = 30;
  return async (tag: string) => {
    await moveEntry(env, streamer, entryOf(tag), "in_game", id, at(start, minute++));
    await moveEntry(env, streamer, entryOf(tag), "done", id, at(start, minute++));
  };
}

describe("one regular after every two VIP, with a rejoin cooldown of three turns", () => {
  it("orders 20 joins, keeps the ratio as the line is served, and holds a fan back until their cooldown passes", async () => {
    const world = await liveWorld({ priceMinor: 500, noOfPlayers: 1, durationMinutes: 10 });
    const streamer = viewerOf(world.streamer);
    const id = world.liveSessionId;
    await theStreamerSetsTheRules(world, streamer);
    const start = Date.now();
    const fans = await twentyFansJoin(id, start);
    const play = theStreamerServes(streamer, id, await theLineKeepsTheRatioEverywhere(id), start);

    for (const tag of ["v2", "v5", "r1"]) await play(tag);
    // Two VIP then one regular were served: the ratio starts again with two VIP.
    expect((await publicView(id)).line.slice(0, 3).map((place) => place.name)).toEqual(["v6", "v8", "r3"]);

    const r1 = fans[0];
    if (!r1) throw new Error("missing fan");
    const rejoin = (minuteAt: number) =>
      joinRegular(env, { viewer: viewerOf(r1.user), gamertag: "r1" }, id, at(start, minuteAt));
    const refused = await rejection(rejoin(40));
    expect([refused.status, refused.message]).toEqual([409, "You played recently: you may rejoin after 3 more turns"]);
    // The API answers the same refusal.
    expect((await post("/api/join_regular", r1.cookie, { liveSessionId: id })).status).toBe(409);

    await play("v6");
    await play("v8");
    expect((await rejection(rejoin(50))).message).toBe("You played recently: you may rejoin after 1 more turn");
    // Two VIP were served since the last regular turn: a regular fan was next, and their turn is the third.
    await play("r3");
    // Under the ratio, with turns played (r1 now goes after the fans who have not): the answer still agrees.
    await expectAnswerAgrees(id, viewerOf(r1.user), await rejoin(60));

    const after = await readBroadcast(env, id, 1);
    const rejoined = after.streamerPayload().entries.find((entry) => entry.userId === r1.user.id);
    expect(rejoined?.plays).toBe(1);
    // Fans who have not played go before one who has: r1 is the last regular place in line.
    const names = after.publicPayload().line.map((place) => place.name);
    expect(names.at(-1)).toBe("r1");
    expect(names.slice(0, 3)).toEqual(["v12", "v13", "r4"]);
  });
});
