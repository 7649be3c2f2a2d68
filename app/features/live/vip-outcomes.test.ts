import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/id";
import { col, getDb } from "~/platform/db.server";
import {
  ACTIVE_QUEUE_STATES,
  QUEUE_LANES,
  QUEUE_STATES,
  type QueueLane,
  type QueueState,
  queueEntries,
} from "~db/schema";
import {
  createGame,
  createLiveSession,
  createOrder,
  createPlatform,
  createStreamer,
  createUser,
} from "~tests/factories";
import { disagreements, guardHolds } from "~tests/support/twins";
import { type HeldVipPlaceOutcome, VIP_PLACE_ENDINGS, VIP_PLACE_OUTCOMES, type VipPlaceEvent } from "./vip-outcomes";
import { vipPlaceEndingSql, vipPlaceOutcome } from "./vip-refunds.server";

/**
 * The VIP place outcomes' twins agree: `vipPlaceOutcome` (the table's decision, what the use cases read) and
 * `vipPlaceEndingSql` (the guard of every write that ends a VIP place with an outcome), for every event, outcome, lane
 * and queue state, on real queue places.
 */

const EVENTS = Object.keys(VIP_PLACE_ENDINGS) as VipPlaceEvent[];
const OUTCOMES = (Object.keys(VIP_PLACE_OUTCOMES) as (keyof typeof VIP_PLACE_OUTCOMES)[]).filter(
  (outcome): outcome is HeldVipPlaceOutcome => outcome !== "late_payment",
);

type Place = { id: string; lane: QueueLane; state: QueueState };
const places: Place[] = [];

beforeAll(async () => {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const session = await createLiveSession(env.DB, streamer.id, game);
  for (const lane of QUEUE_LANES) {
    for (const state of QUEUE_STATES) {
      const fan = await createUser(env.DB);
      const order =
        lane === "vip"
          ? await createOrder(env.DB, fan.id, { kind: "vip_queue", liveSessionId: session.id, streamerId: streamer.id })
          : null;
      const id = newId();
      const active = (ACTIVE_QUEUE_STATES as readonly QueueState[]).includes(state);
      await getDb(env)
        .insert(queueEntries)
        .values({
          id,
          liveSessionId: session.id,
          userId: fan.id,
          lane,
          state,
          position: places.length + 1,
          orderId: order?.id ?? null,
          joinedAt: new Date(),
          finishedAt: active ? null : new Date(),
        });
      places.push({ id, lane, state });
    }
  }
});

const cases = () =>
  EVENTS.flatMap((event) => OUTCOMES.flatMap((outcome) => places.map((place) => ({ event, outcome, place }))));
type Case = ReturnType<typeof cases>[number];

const decide = (c: Case) => vipPlaceOutcome(c.event, c.place) === c.outcome;
const holds = (guard: (event: VipPlaceEvent, outcome: HeldVipPlaceOutcome) => SQL) => (c: Case) =>
  guardHolds(queueEntries, queueEntries.id, c.place.id, guard(c.event, c.outcome));

describe("the VIP place outcomes and their SQL guard", () => {
  it("agree on every event, outcome, lane and queue state", async () => {
    const all = cases();
    expect(all.length).toBe(EVENTS.length * OUTCOMES.length * QUEUE_LANES.length * QUEUE_STATES.length);
    expect(await disagreements(all, decide, holds(vipPlaceEndingSql))).toEqual([]);
    // Every outcome is reached by some event on some place.
    for (const outcome of OUTCOMES) expect(all.some((c) => c.outcome === outcome && decide(c))).toBe(true);
  });

  it("the table's rows: a removal is a no-show once called; the session's end serves a fan in game", () => {
    const vip = (state: QueueState) => ({ lane: "vip" as const, state });
    expect(vipPlaceOutcome("streamer_removed", vip("waiting"))).toBe("removed");
    expect(vipPlaceOutcome("streamer_removed", vip("playing_next"))).toBe("no_show");
    expect(vipPlaceOutcome("session_ended", vip("in_game"))).toBe("served");
    expect(vipPlaceOutcome("session_ended", vip("waiting"))).toBe("session_ended");
    expect(vipPlaceOutcome("missed_ready", vip("waiting"))).toBeNull();
    expect(vipPlaceOutcome("fan_left", { lane: "regular", state: "waiting" })).toBeNull();
  });

  it("a guard that admits a regular place, or ends a session's places from every active state, is caught", async () => {
    const anyLane = (event: VipPlaceEvent, outcome: HeldVipPlaceOutcome) =>
      sql`(${vipPlaceEndingSql(event, outcome)} OR (${col(queueEntries.lane)} = 'regular' AND ${col(queueEntries.state)} = 'waiting' AND ${event} = 'fan_left' AND ${outcome} = 'left'))`;
    const lane = await disagreements(cases(), decide, holds(anyLane));
    expect(lane.map((d) => [d.case.event, d.case.outcome, d.case.place.lane, d.case.place.state])).toEqual([
      ["fan_left", "left", "regular", "waiting"],
    ]);
    // The session's end refunding a fan in game too (every active state, as if "in game" were unserved).
    const everyActive = (event: VipPlaceEvent, outcome: HeldVipPlaceOutcome) =>
      event === "session_ended" && outcome === "session_ended"
        ? sql`${col(queueEntries.lane)} = 'vip' AND ${col(queueEntries.state)} IN ('waiting', 'playing_next', 'in_game')`
        : vipPlaceEndingSql(event, outcome);
    const ended = await disagreements(cases(), decide, holds(everyActive));
    expect(ended.map((d) => [d.case.event, d.case.outcome, d.case.place.lane, d.case.place.state, d.ts])).toEqual([
      ["session_ended", "session_ended", "vip", "in_game", false],
    ]);
  });
});
