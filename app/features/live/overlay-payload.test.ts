import { describe, expect, it } from "vitest";
import { overlayPayload } from "./overlay-payload";

const entry = (
  username: string,
  lane: "vip" | "regular",
  state: "waiting" | "playing_next" | "in_game",
  tag?: string,
) => ({
  id: `entry-${username}`,
  username,
  gamertag: tag ?? null,
  lane,
  state,
});

describe("overlayPayload", () => {
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
    expect(payload.playing).toEqual([{ name: "ViperTag", vip: true, line: null }]);
    // Each place in line is the one the fan's page and the queue dashboard show (line.ts).
    expect(payload.next).toEqual([
      { name: "r1", vip: false, line: 1 },
      { name: "vip1", vip: true, line: 2 },
      { name: "r2", vip: false, line: 3 },
      { name: "r3", vip: false, line: 4 },
      { name: "r4", vip: false, line: 5 },
    ]);
    expect(payload.queueLength).toBe(7);
    expect(payload).toMatchObject(common);
  });

  it("carries names, lanes and places in line only, nothing that identifies an account", () => {
    const payload = overlayPayload(common, [
      { ...entry("fan", "regular", "waiting"), userId: "u1", id: "e1", email: "a@b.c" } as never,
    ]);
    expect(JSON.stringify(payload)).not.toMatch(/u1|e1|a@b\.c/);
    expect(Object.keys(payload.next[0] ?? {}).sort()).toEqual(["line", "name", "vip"]);
  });
});
