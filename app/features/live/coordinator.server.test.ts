import { describe, expect, it } from "vitest";
import { broadcastDue, LIVE_BROADCAST_EVERY_MS } from "./coordinator.server";

describe("when the session's object sends its sockets the queue (broadcastDue)", () => {
  const at = (pending: number, elapsed: number, changed = true) =>
    broadcastDue({ pending, changed, since: 10_000, now: 10_000 + elapsed });

  it("sends after the last command of a burst, and never when nothing changed", () => {
    expect(at(0, 0)).toBe(true);
    expect(at(0, 5_000, false)).toBe(false);
    expect(at(3, 5_000, false)).toBe(false);
  });

  it("waits while more commands are pending, but not longer than the cap: a sustained burst still moves screens", () => {
    expect(at(40, 0)).toBe(false);
    expect(at(40, LIVE_BROADCAST_EVERY_MS - 1)).toBe(false);
    expect(at(40, LIVE_BROADCAST_EVERY_MS)).toBe(true);
    expect(at(1, 10 * LIVE_BROADCAST_EVERY_MS)).toBe(true);
  });
});
