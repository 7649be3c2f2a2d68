import { describe, expect, it } from "vitest";
import { LANE_ROWS_SHOWN } from "~/features/live";
import { createUser, joinQueue } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1 } from "./db";
import { contexts, DEMO_STAR } from "./demo-fan";
import { endDemoStarSessions, makeDemoStarLive, PHONE } from "./live-helpers";
import { sessionsFor } from "./staff";

/**
 * The queue dashboard with a lane longer than it shows, on the streamer's 390 px phone, with JavaScript on and off:
 * the lane's first rows, then a plain link to all of them that is a 44 px target inside the screen; following it
 * lists every fan and lands at the first one it had not shown (its anchor), not at the page's top.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 240);

describe("a long queue on the streamer's phone", () => {
  it("shows the first rows and a 'Show all' link that opens the whole lane", async () => {
    const id = makeDemoStarLive("longlane");
    try {
      const total = LANE_ROWS_SHOWN + 3;
      for (let position = 1; position <= total; position += 1) {
        const fan = await createUser(e2eD1, { username: `long_lane_${position}`, fullName: `Long Lane ${position}` });
        await joinQueue(e2eD1, id, fan.id, position);
      }
      const [cookie] = await sessionsFor([DEMO_STAR]);
      if (!cookie) throw new Error("no session for the demo star");

      for (const javaScript of [true, false]) {
        const context = await newContext(javaScript);
        await context.addCookies([{ ...cookie, url: baseURL() }]);
        const streamer = await context.newPage();
        await streamer.setViewportSize(PHONE);
        await streamer.goto(`/influencer/live/session/${id}`);
        const lane = streamer.getByTestId("regular-lane");
        await expect.poll(() => lane.getByRole("button", { name: /^Remove: / }).count()).toBe(LANE_ROWS_SHOWN);

        const showAll = streamer.getByRole("link", { name: `Show all ${total} in this queue (3 more)` });
        await showAll.scrollIntoViewIfNeeded();
        const box = await showAll.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
        expect(await streamer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

        await showAll.click();
        await streamer.waitForURL(/[?&]all=regular/);
        await expect.poll(() => lane.getByRole("button", { name: /^Remove: / }).count()).toBe(total);
        await expect.poll(() => showAll.count()).toBe(0);
        // The streamer lands where they were reading: the first fan the lane did not show is on the screen, below
        // the sticky header, not the page's top or the lane's heading.
        const next = lane.getByRole("button", { name: `Remove: long_lane_${LANE_ROWS_SHOWN + 1}` });
        await next.waitFor();
        await expect.poll(() => next.evaluate((button) => button.getBoundingClientRect().top)).toBeGreaterThan(56);
        expect(await next.evaluate((button) => button.getBoundingClientRect().bottom)).toBeLessThan(PHONE.height);
        expect(await streamer.evaluate(() => window.scrollY)).toBeGreaterThan(PHONE.height);
        await context.close();
      }
    } finally {
      endDemoStarSessions();
    }
  }, 120_000);
});
