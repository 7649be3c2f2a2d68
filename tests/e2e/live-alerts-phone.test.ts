import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { recordAlertDelivery } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1 } from "./db";
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
 * The live session's alerts on a 390 px phone: the queue dashboard's per-fan alert badge (what became of the fan's
 * "you're up") and the live page's "Alerts on this device" control are shown whole, inside the screen and inside
 * every box that clips, and their buttons are 44 px targets.
 */
// The full browser: the fan grants notifications, which the headless shell ignores.
const browser = setupBrowser({ fullBrowser: true });
const newContext = contexts(browser, "Asia/Kolkata", 90);

/**
 * What hides part of the element: the screen's edges, an ancestor that clips its overflow (hidden, clip, scroll or
 * auto) and does not hold the element's whole box, or its own content wider than its box.
 */
function clipping(element: HTMLElement | SVGElement): string[] {
  const problems: string[] = [];
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) problems.push("not drawn");
  if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
    problems.push(`past the screen: ${Math.round(box.left)}..${Math.round(box.right)} px`);
  }
  if (element.scrollWidth > element.clientWidth + 1) {
    problems.push(`content ${element.scrollWidth} px wide in ${element.clientWidth} px`);
  }
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const outer = parent.getBoundingClientRect();
    if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5 || box.top < outer.top - 0.5) {
      problems.push(`cut by <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
    if (box.bottom > outer.bottom + 0.5) problems.push(`cut at the bottom by <${parent.tagName.toLowerCase()}>`);
  }
  return problems;
}

/** The element is visible, whole, and each of its buttons is at least 44 x 44 px. */
async function shownWhole(locator: Locator) {
  await locator.waitFor({ state: "visible" });
  await locator.scrollIntoViewIfNeeded();
  expect(await locator.evaluate(clipping)).toEqual([]);
  const small: string[] = [];
  for (const button of await locator.locator("button").all()) {
    const size = await button.boundingBox();
    const [width, height] = [Math.round(size?.width ?? 0), Math.round(size?.height ?? 0)];
    if (width < 44 || height < 44) small.push(`"${await button.textContent()}" ${width}x${height}`);
    expect(await button.evaluate(clipping)).toEqual([]);
  }
  expect(small).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);
}

describe("a live session's alerts on a 390 px phone", () => {
  it("show the dashboard's alert badge and the live page's alerts control whole, with 44 px targets", async () => {
    const id = makeDemoStarLive("alerts390");
    try {
      const { fanLogin, streamer, fan, fanContext } = await streamerAndFanPhones(newContext);
      // The browser lets the page ask for notifications, as a fan who allowed them would (else the control hides).
      await fanContext.grantPermissions(["notifications"], { origin: baseURL() });

      // An earlier alert of this fan in this session went by email (written before the join: the session's object
      // shares the state it reads after each change with every socket that opens until the next one, so a row
      // written behind its back is seen from the next change on).
      await recordAlertDelivery(e2eD1, { userId: fanLogin.id, kind: "turn", liveSessionId: id, outcome: "fell_back" });

      // The fan joins the queue from their phone; the live page offers alerts on this device.
      await joinRegularQueue(fan, fanLogin, id, "AlertsOnAPhone");
      const push = fan.getByTestId("push-subscribe");
      await push.getByRole("button", { name: "Turn on alerts" }).waitFor();
      await shownWhole(push);
      await noSidewaysScroll(fan);

      // Their "you're up" alert went by email: the dashboard's row says so, its longest label.
      await logIn(streamer, DEMO_STAR_LOGIN);
      await streamer.goto(`/influencer/live/session/${id}`);
      const row = streamer.getByTestId("regular-lane").locator("li").filter({ hasText: "AlertsOnAPhone" });
      const badge = row.getByTestId("alert-outcome");
      await expect.poll(() => badge.getAttribute("data-outcome")).toBe("fell_back");
      expect(await badge.textContent()).toBe("Push failed: emailed");
      await shownWhole(badge);
      await shownWhole(row);
      await noSidewaysScroll(streamer);
    } finally {
      endDemoStarSessions();
    }
  }, 120_000);
});
