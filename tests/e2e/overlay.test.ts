import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { askForVipPlace, DEMO_STAR_LOGIN, endDemoStarSessions, goLive, logIn, secondFan } from "./live-helpers";

/**
 * The stream overlay in OBS's place (docs/domain.md "Stream overlay"): one page opens the overlay URL with no
 * login, another is the streamer's queue dashboard; a fan joins, a VIP joins, the streamer puts the VIP in game,
 * and the overlay shows each change within seconds, over the live session's socket. A new key makes the old URL
 * a 404, and the overlay fits 400 px with a transparent page and no site chrome.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Europe/London", 200);
const SOON = { timeout: 5_000, interval: 50 };

describe("stream overlay in the browser", () => {
  it("follows joins, a VIP and the streamer's move live, and a regenerated key 404s the old URL", async () => {
    endDemoStarSessions();
    const fanA = await secondFan();
    const [streamerContext, overlayContext, regularContext, vipContext] = await Promise.all([
      newContext(true),
      newContext(true),
      newContext(true),
      newContext(true),
    ]);
    const streamer = await streamerContext.newPage();
    const { id, overlayUrl } = await theStarGoesLive(streamer);
    const overlay = await overlayContext.newPage();
    await obsOpensTheOverlayWithoutLogin(overlay, overlayUrl, id);
    const regular = await regularContext.newPage();
    const regularName = await aFanJoinsTheRegularQueue(regular, fanA, overlay, id);
    const vip = await vipContext.newPage();
    const vipName = await aVipJoinsFirstInLine(vip, overlay, streamer, id, regularName);
    await theRegularPlaceAgreesEverywhere(regular, streamer, vip);
    await theStarPutsTheVipInGame(streamer, overlay, regular, vipName, regularName);
    await aNewKeyTurnsTheOldUrlInto404(streamer, overlay, overlayUrl, vipName);
    // The tag the demo fan typed was saved back to their tags: put them back as they were.
    queryE2E(`DELETE FROM user_gamertags WHERE user_id = '${DEMO_FAN.id}' AND tag = '${vipName}'`);
  }, 180_000);
});

async function theStarGoesLive(streamer: Page) {
  await logIn(streamer, DEMO_STAR_LOGIN);
  const id = await goLive(streamer, "Overlay live", true);
  await streamer.getByRole("button", { name: "Close" }).click();
  await streamer.locator("[data-connected]").first().waitFor();
  const overlayUrl = await streamer.getByRole("textbox", { name: "Live queue overlay" }).inputValue();
  expect(overlayUrl).toMatch(/\/overlay\/[^/]+\/queue$/);
  return { id, overlayUrl };
}

/**
 * OBS's browser source: no login, 400 px wide, a transparent page with no site chrome, an empty queue, and where to
 * join: the streamer's short link, which leads to this session while it runs.
 */
async function obsOpensTheOverlayWithoutLogin(overlay: Page, overlayUrl: string, id: string) {
  await overlay.setViewportSize({ width: 400, height: 700 });
  expect((await overlay.goto(overlayUrl))?.status()).toBe(200);
  await overlay.locator('[data-overlay="queue"][data-connected]').waitFor();
  const join = (await overlay.getByTestId("overlay-join").textContent()) ?? "";
  expect(join).toContain("/@DemoStar");
  const joinPage = await overlay.context().newPage();
  await joinPage.goto(`http://${join.replace(/^Join at\s*/, "").trim()}`);
  expect(new URL(joinPage.url()).pathname).toBe(`/live/${id}`);
  await joinPage.close();
  expect(await overlay.getByTestId("overlay-length").textContent()).toBe("0 in queue");
  expect(await overlay.locator("header, footer").count()).toBe(0);
  const page = await overlay.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    html: getComputedStyle(document.documentElement).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
  }));
  expect(page.scrollWidth).toBeLessThanOrEqual(400);
  expect([page.html, page.body]).toEqual(["rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
}

/**
 * A fan joins the regular queue with the gamer tag of the session's platform; the overlay names the place by it
 * (public data only). Answers the tag.
 */
async function aFanJoinsTheRegularQueue(
  regular: Page,
  fan: { email: string; password: string },
  overlay: Page,
  id: string,
) {
  await logIn(regular, fan);
  await regular.goto(`/live/${id}`);
  const regularName = `Reg${Date.now().toString(36)}`;
  await regular
    .getByRole("textbox", { name: /Your gamer tag on/ })
    .first()
    .fill(regularName);
  await regular.getByRole("button", { name: "Join regular queue (free)" }).click();
  await regular.getByTestId("my-position").waitFor();
  await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("1 in queue");
  await expect
    .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
    .toEqual([`1st${regularName}`]);
  return regularName;
}

/**
 * A VIP joins (wallet) with the gamer tag they type before paying: first in line, marked VIP, shown by that tag on
 * the overlay and the queue dashboard. Answers the tag.
 */
async function aVipJoinsFirstInLine(vip: Page, overlay: Page, streamer: Page, id: string, regularName: string) {
  await logInAsDemoFan(vip);
  const vipName = `Vip${Date.now().toString(36)}`;
  await askForVipPlace(vip, id, vipName, "Wallet");
  await vip.getByTestId("my-position").waitFor();
  await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("2 in queue");
  await expect
    .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
    .toEqual([`1stVIP${vipName}`, `2nd${regularName}`]);
  expect(await overlay.getByTestId("overlay-next").locator("[data-vip]").count()).toBe(1);
  expect(await overlay.getByTestId("overlay-playing").textContent()).toBe("Nobody yet");
  await expect.poll(() => streamer.getByTestId("vip-lane").getByTestId("gamertag").textContent(), SOON).toBe(vipName);
  expect(await streamer.getByTestId("vip-lane").getByText("no gamer tag").count()).toBe(0);
  return vipName;
}

/** With one VIP ahead, the regular fan's place is the same on their page, the dashboard and the overlay. */
async function theRegularPlaceAgreesEverywhere(regular: Page, streamer: Page, vip: Page) {
  await expect
    .poll(() => regular.getByTestId("my-position").textContent(), SOON)
    .toBe("2nd in line: VIP places play first");
  await expect
    .poll(() => streamer.getByTestId("regular-lane").getByTestId("line-position").textContent(), SOON)
    .toBe("2nd");
  expect(await vip.getByTestId("my-position").textContent()).toBe("1st in line");
  expect(await vip.getByTestId("my-state").textContent()).not.toContain("0 min");
}

/** The streamer moves to the next fan: the VIP goes in game, and the overlay and the regular fan's page follow. */
async function theStarPutsTheVipInGame(
  streamer: Page,
  overlay: Page,
  regular: Page,
  vipName: string,
  regularName: string,
) {
  const vipUsername = queryE2E<{ username: string }>(`SELECT username FROM users WHERE id = '${DEMO_FAN.id}'`)[0]
    ?.username;
  await streamer
    .getByTestId("vip-lane")
    .getByRole("button", { name: `In game: ${vipUsername}` })
    .click();
  await expect.poll(() => overlay.getByTestId("overlay-playing").textContent(), SOON).toBe(vipName);
  await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("1 in queue");
  await expect
    .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
    .toEqual([`1st${regularName}`]);
  await expect.poll(() => regular.getByTestId("my-position").textContent(), SOON).toBe("1st in line");
  // Public data only: no email anywhere on the overlay.
  expect(await overlay.content()).not.toMatch(/@example\.com|@demo\.noobrd\.gg/);
}

/**
 * A new key from the queue dashboard: the old URL answers 404 at once, and the open overlay stops showing the queue
 * by itself (its socket is closed and the page reloads into the 404: its document, not a fetch of its own). The new
 * URL, pasted into the streaming software (a page of its own: the old one may still be settling), shows the game.
 */
async function aNewKeyTurnsTheOldUrlInto404(streamer: Page, overlay: Page, overlayUrl: string, vipName: string) {
  const reloadedInto404 = overlay.waitForResponse(
    (response) => response.request().isNavigationRequest() && response.status() === 404,
    { timeout: 20_000 },
  );
  await streamer.getByRole("button", { name: "Make new overlay links" }).click();
  await expect
    .poll(() => streamer.getByRole("textbox", { name: "Live queue overlay" }).inputValue(), SOON)
    .not.toBe(overlayUrl);
  expect((await overlay.context().request.get(overlayUrl)).status()).toBe(404);
  await reloadedInto404;
  await overlay.waitForLoadState("load");
  expect(await overlay.locator("[data-overlay]").count()).toBe(0);
  const fresh = await streamer.getByRole("textbox", { name: "Live queue overlay" }).inputValue();
  const renewed = await overlay.context().newPage();
  expect((await renewed.goto(fresh))?.status()).toBe(200);
  await renewed.getByTestId("overlay-playing").waitFor();
  expect(await renewed.getByTestId("overlay-playing").textContent()).toBe(vipName);
}
