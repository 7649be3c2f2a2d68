import { describe, expect, it } from "vitest";
import { LANE_ROWS_SHOWN } from "~/features/live";
import { LIVE_EVENTS, liveSocketPath, type StreamerPayload } from "~/features/live/events";
import { readPage } from "~tests/support/page";
import { get, liveFan, liveWorld, openSocket, post, until } from "./live-world";

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
    const page = await (await get(path, world.streamerCookie)).text();
    expect(rowsOf(page)).toBe(LANE_ROWS_SHOWN);
    expect(page).toContain("Regular queue (52)");
    expect(page).toContain(`href="${path}?all=regular#regular-more"`);
    const more = (await readPage(new Response(page))).all(`a[href="${path}?all=regular#regular-more"]`)[0];
    expect(more?.textContent).toBe("Show all 52 in this queue (2 more)");
    // The page's data holds the rows it shows, not the whole lane: the last fan is nowhere in the page or its data.
    const last = fans.at(-1)?.user.username ?? "";
    expect(page).not.toContain(last);
    expect(await (await get(`${path}.data`, world.streamerCookie)).text()).not.toContain(last);

    const whole = await (await get(`${path}?all=regular`, world.streamerCookie)).text();
    expect(rowsOf(whole)).toBe(LANE_ROWS_SHOWN + 2);
    expect(await (await get(`${path}.data?all=regular`, world.streamerCookie)).text()).toContain(last);

    // The dashboard's socket sends what the page holds: the lane's first rows, or all of it where asked.
    const socketRows = async (query: string) => {
      const socket = await openSocket(`${liveSocketPath(world.liveSessionId)}${query}`, world.streamerCookie);
      const frame = await until(() => socket.last(LIVE_EVENTS.influencer));
      socket.close();
      const data = frame.data as StreamerPayload;
      return { rows: data.entries.length, regular: data.counts.regular };
    };
    expect(await socketRows("")).toEqual({ rows: LANE_ROWS_SHOWN, regular: LANE_ROWS_SHOWN + 2 });
    expect(await socketRows("?all=regular")).toEqual({ rows: LANE_ROWS_SHOWN + 2, regular: LANE_ROWS_SHOWN + 2 });
    expect(await socketRows("?all=vip")).toEqual({ rows: LANE_ROWS_SHOWN, regular: LANE_ROWS_SHOWN + 2 });
    // The link's anchor: the first row the lane had not shown.
    expect(whole.match(/id="regular-more"/g)?.length).toBe(1);
    expect(whole.indexOf('id="regular-more"')).toBeLessThan(
      whole.indexOf(`Remove: ${fans[LANE_ROWS_SHOWN]?.user.username}`),
    );
    expect(whole).not.toContain("in this queue (");
  });
});
