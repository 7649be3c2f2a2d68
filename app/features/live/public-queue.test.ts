import { describe, expect, it } from "vitest";
import { overlayOf, PUBLIC_QUEUE_MAX, publicQueue } from "./public-queue";

const overlayPayload = (
  common: { liveSessionId: string; version: number; ended: boolean },
  entries: Parameters<typeof publicQueue>[1],
) => overlayOf(publicQueue(common, entries, null, []));

const entry = (
  username: string,
  lane: "vip" | "regular",
  state: "waiting" | "playing_next" | "in_game",
  tag?: string,
) => ({
  id: `entry-${username}`,
  username,
  source: username === "r1" ? ("twitch" as const) : ("web" as const),
  gamertag: tag ?? null,
  lane,
  state,
});

describe("the overlay's view, made from the public queue", () => {
  const common = { liveSessionId: "s1", version: 3, ended: false };

  it("puts the fans in game first, then those called, then the waiting in the queue's order, five at most", () => {
    const payload = overlayPayload(common, [
      entry("vip1", "vip", "waiting"),
      entry("vip2", "vip", "in_game", "ViperTag"),
      entry("r1", "regular", "playing_next"),
      entry("r2", "regular", "waiting"),
      entry("r3", "regular", "waiting"),
      entry("r4", "regular", "waiting"),
      entry("r5", "regular", "waiting"),
      entry("r6", "regular", "waiting"),
    ]);
    expect(payload.playing).toEqual([{ name: "ViperTag", vip: true, line: null, source: "web" }]);
    // Each place in line is the one the fan's page and the queue dashboard show (line.ts).
    expect(payload.next).toEqual([
      { name: "r1", vip: false, line: 1, source: "twitch" },
      { name: "vip1", vip: true, line: 2, source: "web" },
      { name: "r2", vip: false, line: 3, source: "web" },
      { name: "r3", vip: false, line: 4, source: "web" },
      { name: "r4", vip: false, line: 5, source: "web" },
    ]);
    expect(payload.queueLength).toBe(7);
    expect(payload).toMatchObject(common);
  });

  it("carries names, lanes, places in line and where each joined from only, nothing that identifies an account", () => {
    const payload = overlayPayload(common, [
      { ...entry("fan", "regular", "waiting"), userId: "u1", id: "e1", email: "a@b.c" } as never,
    ]);
    expect(JSON.stringify(payload)).not.toMatch(/u1|e1|a@b\.c/);
    expect(Object.keys(payload.next[0] ?? {}).sort()).toEqual(["line", "name", "source", "vip"]);
  });
});

describe("the public queue", () => {
  const common = { liveSessionId: "s1", version: 1, ended: false };
  const session = { durationMinutes: 10, playersPerGame: 1 };

  it("lists the line in order of service by public names, VIP places marked, each with its wait", () => {
    const view = publicQueue(
      common,
      [entry("vip1", "vip", "in_game", "VipTag"), entry("vip2", "vip", "waiting"), entry("r1", "regular", "waiting")],
      session,
      [],
    );
    expect(view.playing).toEqual([{ name: "VipTag", vip: true, line: null, waitMinutes: null, source: "web" }]);
    // One in game, then one VIP ahead of the regular fan: 10 and 20 minutes at the mode's length.
    expect(view.line).toEqual([
      { name: "vip2", vip: true, line: 1, waitMinutes: 10, source: "web" },
      { name: "r1", vip: false, line: 2, waitMinutes: 20, source: "twitch" },
    ]);
    expect(view.inLine).toBe(2);
  });

  it("lists at most PUBLIC_QUEUE_MAX places and counts the rest", () => {
    const many = Array.from({ length: PUBLIC_QUEUE_MAX + 5 }, (_, i) => entry(`fan${i}`, "regular", "waiting"));
    const view = publicQueue(common, many, session, []);
    expect(view.line).toHaveLength(PUBLIC_QUEUE_MAX);
    expect(view.inLine).toBe(PUBLIC_QUEUE_MAX + 5);
    expect(JSON.stringify(view)).not.toMatch(/entry-/);
  });
});
