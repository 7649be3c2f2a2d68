import { describe, expect, it } from "vitest";
import { netOfFee, platformFee } from "./math";

describe("earnings net of the platform fee (hand-computed)", () => {
  it.each([
    // gross cents, fee bps, fee, net
    [0, 2000, 0, 0],
    [1000, 2000, 200, 800], // $10 at 20%: $2 fee
    [999, 2000, 200, 799], // 199.8 -> 200
    [1002, 2000, 200, 802], // 200.4 -> 200
    [1003, 2000, 201, 802], // 200.6 -> 201
    [2525, 1500, 379, 2146], // 378.75 -> 379
    [12345, 0, 0, 12345],
    [12345, 10000, 12345, 0],
    [5, 1000, 1, 4], // 0.5 -> 1 (half up)
  ])("%i at %i bps: fee %i, net %i", (gross, bps, fee, net) => {
    expect(platformFee(gross, bps)).toBe(fee);
    expect(netOfFee(gross, bps)).toEqual({ grossMinor: gross, feeMinor: fee, netMinor: net });
  });
});
