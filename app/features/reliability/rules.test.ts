import { describe, expect, it } from "vitest";
import { MIN_SAMPLE, ON_TIME_GRACE_MS, reliabilityOf, startedOnTime } from "./rules";

const MINUTE = 60_000;

describe("a streamer's reliability", () => {
  it("counts a session on time when started within the grace, never a no-show", () => {
    expect(startedOnTime({ startsAt: 0, startedAt: ON_TIME_GRACE_MS })).toBe(true);
    expect(startedOnTime({ startsAt: 0, startedAt: ON_TIME_GRACE_MS + 1 })).toBe(false);
    expect(startedOnTime({ startsAt: 0, startedAt: -10 * MINUTE })).toBe(true);
    expect(startedOnTime({ startsAt: 0, startedAt: null })).toBe(false);
  });

  it("says nothing from fewer than the minimum sample", () => {
    const few = Array.from({ length: MIN_SAMPLE - 1 }, () => ({ startsAt: 0, startedAt: 0 }));
    expect(reliabilityOf(few, [])).toEqual({ onTime: null, vipServed: null, medianVipWaitMinutes: null });
  });

  it("gives the on-time share, the VIP fans served and their median wait", () => {
    const sessions = [
      { startsAt: 0, startedAt: 0 },
      { startsAt: 0, startedAt: 4 * MINUTE },
      { startsAt: 0, startedAt: 6 * MINUTE },
      { startsAt: 0, startedAt: null },
    ];
    const vip = [
      { served: true, joinedAt: 0, inGameAt: 10 * MINUTE },
      { served: true, joinedAt: 0, inGameAt: 20 * MINUTE },
      { served: true, joinedAt: 0, inGameAt: 40 * MINUTE },
      { served: false, joinedAt: 0, inGameAt: null },
    ];
    expect(reliabilityOf(sessions, vip)).toEqual({
      onTime: { started: 2, of: 4 },
      vipServed: { served: 3, of: 4 },
      medianVipWaitMinutes: 20,
    });
  });
});
