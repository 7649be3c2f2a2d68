import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts } from "./demo-fan";
import {
  DEMO_STAR_LOGIN,
  endDemoStarSessions,
  joinRegularQueue,
  logIn,
  makeDemoStarLive,
  streamerAndFanPhones,
} from "./live-helpers";

/**
 * The ready check in two browsers: the streamer calls a fan from the queue dashboard, the countdown runs on the fan's
 * page and on the dashboard, the fan confirms, and the streamer sees it confirmed and in the history. Phone-sized.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 210);

/** The seconds a "M:SS" countdown shows. */
function secondsOf(text: string | null): number {
  const match = /^(\d+):([0-5]\d)$/.exec((text ?? "").trim());
  if (!match) throw new Error(`not a countdown: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The countdown at `testId` shows a time within the session's 2 minutes, then a smaller one as time passes. */
async function countsDown(page: Page, testId: string) {
  const countdown = page.getByTestId(testId);
  const first = secondsOf(await countdown.textContent());
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(120);
  await expect.poll(async () => secondsOf(await countdown.textContent()), { timeout: 10_000 }).toBeLessThan(first);
}

describe("the ready check in the browser", () => {
  it("counts down on the fan's page and the dashboard; the fan confirms and the streamer sees it", async () => {
    const id = makeDemoStarLive("ready");
    try {
      const { fanLogin, streamer, fan } = await streamerAndFanPhones(newContext);
      await joinRegularQueue(fan, fanLogin, id, "ReadyE2E");
      await fan.locator("main[data-connected]").waitFor();

      await logIn(streamer, DEMO_STAR_LOGIN);
      await streamer.goto(`/influencer/live/session/${id}`);
      await streamer.locator("[data-connected]").waitFor();
      const row = streamer.getByTestId("regular-lane").locator("li").first();
      await row.waitFor();
      // The fan has the live page open: the dot says since when, on the streamer's clock (24-hour, no seconds).
      await expect
        .poll(() => row.getByTestId("presence").getAttribute("aria-label"))
        .toMatch(/^On the live page since \d{2}:\d{2}$/);
      await row.getByRole("button", { name: /^Playing next:/ }).click();

      // The fan's page pins "Ready?" with the countdown and Confirm, a 44 px target; the dashboard counts down too.
      const banner = fan.getByTestId("ready-banner");
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/^Ready\? \d:\d\d/);
      const confirm = banner.getByRole("button", { name: "Confirm" });
      const box = await confirm.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await row.getByTestId("ready-countdown").waitFor();
      await Promise.all([countsDown(fan, "ready-countdown"), countsDown(streamer, "ready-countdown")]);
      expect(await row.getByRole("button", { name: /^Skip:/ }).count()).toBe(1);

      await confirm.click();
      await banner.waitFor({ state: "detached" });
      await expect.poll(() => fan.getByTestId("called-banner").textContent()).toMatch(/^You're up/);
      await expect.poll(() => row.getByTestId("ready-state").textContent()).toBe("Ready ✓");
      await expect.poll(() => row.getByRole("button", { name: /^Skip:/ }).count()).toBe(0);
      const history = streamer.getByTestId("ready-history");
      await expect
        .poll(() => history.locator("li").allTextContents())
        .toEqual([
          expect.stringMatching(/confirmed they are ready$/),
          expect.stringMatching(/called: ready check started$/),
        ]);
      const [entry] = queryE2E<{ state: string; ready_deadline: number | null }>(
        `SELECT state, ready_deadline FROM queue_entries WHERE live_session_id = '${id}' AND user_id = '${fanLogin.id}'`,
      );
      expect(entry).toEqual({ state: "playing_next", ready_deadline: null });
    } finally {
      endDemoStarSessions();
    }
  });
});
