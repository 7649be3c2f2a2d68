import { describe, expect, it } from "vitest";
import { estimatedWaitMinutes, linePositions } from "./line";
import { cooldownLeft, type ServiceEntry, serviceOrder, turnRuleText } from "./turns";

/** 20 joins of mixed lanes, in join order: v at the joins that are VIP places. */
const LANES = "rvrrvvrvrrrvvvrvrrvv";
const joins: ServiceEntry[] = [...LANES].map((lane, i) => ({
  id: `${lane}${i + 1}`,
  userId: `u${i + 1}`,
  lane: lane === "v" ? "vip" : "regular",
  state: "waiting",
  position: i + 1,
}));
const ids = (entries: readonly ServiceEntry[]) => entries.map((entry) => entry.id);
const vips = joins.filter((entry) => entry.lane === "vip").map((entry) => entry.id);
const regulars = joins.filter((entry) => entry.lane === "regular").map((entry) => entry.id);

describe("the order of service", () => {
  it("is VIP first by default: every VIP place in join order, then the regular ones", () => {
    expect(ids(serviceOrder(joins, { vipPerRegular: null }))).toEqual([...vips, ...regulars]);
  });

  it("keeps VIP first whatever the fans have played", () => {
    const plays = new Map([["u1", 3]]);
    expect(ids(serviceOrder(joins, { vipPerRegular: null, plays, vipStreak: 4 }))).toEqual([...vips, ...regulars]);
  });

  it("serves one regular after every two VIP over 20 mixed joins, the rest of a lane once the other runs out", () => {
    const order = ids(serviceOrder(joins, { vipPerRegular: 2 }));
    expect(order).toEqual([
      "v2",
      "v5",
      "r1",
      "v6",
      "v8",
      "r3",
      "v12",
      "v13",
      "r4",
      "v14",
      "v16",
      "r7",
      "v19",
      "v20",
      "r9",
      "r10",
      "r11",
      "r15",
      "r17",
      "r18",
    ]);
  });

  it("counts the VIP turns already started towards the ratio", () => {
    const order = ids(serviceOrder(joins, { vipPerRegular: 2, vipStreak: 2 }));
    expect(order.slice(0, 4)).toEqual(["r1", "v2", "v5", "r3"]);
  });

  it("serves regular fans who have played fewer turns first under a ratio", () => {
    const plays = new Map([
      ["u1", 2],
      ["u3", 1],
    ]);
    const order = ids(serviceOrder(joins, { vipPerRegular: 1, plays }));
    expect(order.slice(0, 6)).toEqual(["v2", "r4", "v5", "r7", "v6", "r9"]);
    expect(order.indexOf("r3")).toBeLessThan(order.indexOf("r1"));
  });

  it("puts those in game and those called ahead of the waiting, and the line follows the order", () => {
    const entries: ServiceEntry[] = [
      { id: "r1", userId: "a", lane: "regular", state: "waiting", position: 1 },
      { id: "v2", userId: "b", lane: "vip", state: "waiting", position: 2 },
      { id: "r3", userId: "c", lane: "regular", state: "playing_next", position: 3 },
      { id: "v4", userId: "d", lane: "vip", state: "in_game", position: 4 },
      { id: "v5", userId: "e", lane: "vip", state: "waiting", position: 5 },
      { id: "r6", userId: "f", lane: "regular", state: "left", position: 6 },
    ];
    const order = serviceOrder(entries, { vipPerRegular: 1 });
    expect(ids(order)).toEqual(["v4", "r3", "v2", "r1", "v5"]);
    const line = linePositions(order);
    expect([...line]).toEqual([
      ["r3", 1],
      ["v2", 2],
      ["r1", 3],
      ["v5", 4],
    ]);
  });

  it("gives a wait estimate that follows the order: later in the order never waits less", () => {
    const order = serviceOrder(joins, { vipPerRegular: 2 });
    const line = linePositions(order);
    const waits = order.map((entry) =>
      estimatedWaitMinutes({ ahead: (line.get(entry.id) ?? 1) - 1, playersPerGame: 2, turnMinutes: 10 }),
    );
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits[2]).toBe(10);
    expect(waits[order.length - 1]).toBe(90);
  });

  it("names the rule as the dashboard says it", () => {
    expect(turnRuleText(null)).toBe("VIP first");
    expect(turnRuleText(2)).toBe("1 regular after every 2 VIP");
  });
});

describe("the rejoin cooldown", () => {
  it("leaves the turns still to finish, none for a fan who has not played", () => {
    expect(cooldownLeft({ cooldown: 3, turnsSinceLast: null })).toBe(0);
    expect(cooldownLeft({ cooldown: 3, turnsSinceLast: 1 })).toBe(2);
    expect(cooldownLeft({ cooldown: 3, turnsSinceLast: 5 })).toBe(0);
    expect(cooldownLeft({ cooldown: 0, turnsSinceLast: 0 })).toBe(0);
  });
});
