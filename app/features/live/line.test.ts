import { describe, expect, it } from "vitest";
import { estimatedWaitMinutes, linePositions, lineText, ordinal, positionInLine, turnMinutes } from "./line";

const entry = (id: string, lane: "vip" | "regular", state: "waiting" | "playing_next" | "in_game" = "waiting") => ({
  id,
  lane,
  state,
});

describe("the place in line", () => {
  it("puts a regular fan behind every waiting VIP place, and says why", () => {
    const positions = linePositions([entry("v1", "vip"), entry("r1", "regular"), entry("r2", "regular")]);
    expect(positions.get("v1")).toBe(1);
    expect(positions.get("r1")).toBe(2);
    expect(positions.get("r2")).toBe(3);
    expect(lineText({ position: 2, lane: "regular", vipAhead: 1, vipPerRegular: null })).toBe(
      "2nd in line: VIP places play first",
    );
    // Under a ratio the fan is told the session's rule, not "VIP first".
    expect(lineText({ position: 3, lane: "regular", vipAhead: 2, vipPerRegular: 2 })).toBe(
      "3rd in line: 1 regular place plays after every 2 VIP places",
    );
    expect(lineText({ position: 2, lane: "regular", vipAhead: 1, vipPerRegular: 1 })).toBe(
      "2nd in line: 1 regular place plays after every VIP place",
    );
    expect(lineText({ position: 1, lane: "vip", vipAhead: 0, vipPerRegular: null })).toBe("1st in line");
    expect(lineText({ position: 1, lane: "regular", vipAhead: 0, vipPerRegular: 3 })).toBe("1st in line");
  });

  it("counts the fans called to play next first, and leaves those in game out of the line", () => {
    const positions = linePositions([
      entry("v1", "vip", "in_game"),
      entry("v2", "vip"),
      entry("r1", "regular", "playing_next"),
      entry("r2", "regular"),
    ]);
    expect(positions.has("v1")).toBe(false);
    expect(positions.get("r1")).toBe(1);
    expect(positions.get("v2")).toBe(2);
    expect(positions.get("r2")).toBe(3);
    expect(
      positionInLine({
        lane: "regular",
        state: "waiting",
        calledAhead: 1,
        waitingAhead: 1,
        vipWaitingAhead: 1,
      }),
    ).toBe(3);
    expect(
      positionInLine({ lane: "vip", state: "in_game", calledAhead: 0, waitingAhead: 0, vipWaitingAhead: 0 }),
    ).toBeNull();
  });

  it("writes ordinals as people read them", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });
});

describe("the estimated wait", () => {
  const minutes = (n: number) => n * 60_000;

  it("takes the game mode's length before any turn has finished", () => {
    expect(turnMinutes([], 20)).toBe(20);
    // 4 fans ahead in 2-player games: 2 whole games of 20 minutes.
    expect(estimatedWaitMinutes({ ahead: 4, playersPerGame: 2, turnMinutes: turnMinutes([], 20) })).toBe(40);
  });

  it("takes the median of the session's finished turns once some have finished", () => {
    expect(turnMinutes([minutes(6), minutes(30), minutes(9)], 20)).toBe(9);
    expect(turnMinutes([minutes(6), minutes(10)], 20)).toBe(8);
    // A turn without a length (no time in game) does not count.
    expect(turnMinutes([0, minutes(12)], 20)).toBe(12);
    expect(estimatedWaitMinutes({ ahead: 2, playersPerGame: 1, turnMinutes: 7.5 })).toBe(15);
    expect(estimatedWaitMinutes({ ahead: 3, playersPerGame: 1, turnMinutes: 2.2 })).toBe(7);
  });

  it("counts the VIP places ahead of a regular fan", () => {
    const positions = linePositions([entry("v1", "vip"), entry("v2", "vip"), entry("r1", "regular")]);
    const ahead = (positions.get("r1") ?? 0) - 1;
    expect(ahead).toBe(2);
    expect(estimatedWaitMinutes({ ahead, playersPerGame: 1, turnMinutes: 10 })).toBe(20);
  });

  it("never says 0 minutes to a fan not yet called", () => {
    expect(estimatedWaitMinutes({ ahead: 0, playersPerGame: 2, turnMinutes: 20 })).toBe(1);
    expect(estimatedWaitMinutes({ ahead: 1, playersPerGame: 4, turnMinutes: 20 })).toBe(1);
  });
});
