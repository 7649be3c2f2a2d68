import { describe, expect, it } from "vitest";
import { LANE_ROWS_SHOWN } from "~/features/live/components/queue-board";
import { get, liveFan, liveWorld, post } from "./live-world";

/** Each row of the dashboard's lanes has one "Remove" button, named after its fan. */
function rowsOf(page: string): number {
  return page.match(/aria-label="Remove: /g)?.length ?? 0;
}

describe("the queue dashboard with a long queue", () => {
  it("shows the first rows of a lane and a plain link to all of them", async () => {
    const world = await liveWorld();
    const fans = await Promise.all(Array.from({ length: LANE_ROWS_SHOWN + 2 }, () => liveFan()));
    for (const fan of fans) {
      const joined = await post("/api/join_regular", fan.cookie, { liveSessionId: world.liveSessionId, gamertag: "p" });
      expect(joined.status).toBe(200);
    }
    const path = `/influencer/live/session/${world.liveSessionId}`;
    const page = await (await get(path, world.starCookie)).text();
    expect(rowsOf(page)).toBe(LANE_ROWS_SHOWN);
    expect(page).toContain("Regular queue (52)");
    expect(page).toContain(`href="${path}?all=regular#regular-more"`);
    expect(page).toContain("Show all <!-- -->52<!-- --> in this queue (<!-- -->2<!-- --> more)");

    const whole = await (await get(`${path}?all=regular`, world.starCookie)).text();
    expect(rowsOf(whole)).toBe(LANE_ROWS_SHOWN + 2);
    // The link's anchor: the first row the lane had not shown.
    expect(whole.match(/id="regular-more"/g)?.length).toBe(1);
    expect(whole.indexOf('id="regular-more"')).toBeLessThan(
      whole.indexOf(`Remove: ${fans[LANE_ROWS_SHOWN]?.user.username}`),
    );
    expect(whole).not.toContain("in this queue (");
  });
});
