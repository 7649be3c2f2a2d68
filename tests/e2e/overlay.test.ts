import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { DEMO_STAR_LOGIN, endDemoStarSessions, goLive, logIn, secondFan } from "./live-helpers";

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
    const [starContext, overlayContext, regularContext, vipContext] = await Promise.all([
      newContext(true),
      newContext(true),
      newContext(true),
      newContext(true),
    ]);
    const star = await starContext.newPage();
    await logIn(star, DEMO_STAR_LOGIN);
    const id = await goLive(star, "Overlay live", true);
    await star.getByRole("button", { name: "Close" }).click();
    await star.locator("[data-connected]").first().waitFor();
    const overlayUrl = await star.getByRole("textbox", { name: "Live queue overlay" }).inputValue();
    expect(overlayUrl).toMatch(/\/overlay\/[^/]+\/queue$/);

    // OBS's browser source: no login, 400 px wide.
    const overlay = await overlayContext.newPage();
    await overlay.setViewportSize({ width: 400, height: 700 });
    expect((await overlay.goto(overlayUrl))?.status()).toBe(200);
    await overlay.locator('[data-overlay="queue"][data-connected]').waitFor();
    // Where to join: the streamer's short link, which leads to this session while it runs.
    const join = (await overlay.getByTestId("overlay-join").textContent()) ?? "";
    expect(join).toContain("/@DemoStar");
    const joinPage = await overlayContext.newPage();
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

    // A fan joins the regular queue.
    const regular = await regularContext.newPage();
    await logIn(regular, fanA);
    await regular.goto(`/live/${id}`);
    await regular.getByRole("button", { name: "Join regular queue (free)" }).click();
    await regular.getByTestId("my-position").waitFor();
    // The overlay names a place by the gamer tag the fan joined with, else their username (public data only).
    const shownName = (userId: string) =>
      queryE2E<{ name: string }>(
        `SELECT COALESCE(NULLIF(TRIM(q.gamertag), ''), u.username) AS name FROM queue_entries q
         JOIN users u ON u.id = q.user_id WHERE q.live_session_id = '${id}' AND q.user_id = '${userId}'`,
      )[0]?.name;
    const regularName = shownName(fanA.id);
    await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("1 in queue");
    await expect
      .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
      .toEqual([`1.${regularName}`]);

    // A VIP joins (wallet): first in line, marked VIP.
    const vip = await vipContext.newPage();
    await logInAsDemoFan(vip);
    await vip.goto(`/live/${id}`);
    await vip.getByLabel("I accept the VIP Queue Terms").check();
    await vip.getByRole("radio", { name: "Wallet" }).check();
    await vip.getByRole("button", { name: /Join VIP queue/ }).click();
    await vip.getByTestId("my-position").waitFor();
    const vipName = shownName(DEMO_FAN.id);
    const vipUsername = queryE2E<{ username: string }>(`SELECT username FROM users WHERE id = '${DEMO_FAN.id}'`)[0]
      ?.username;
    await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("2 in queue");
    await expect
      .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
      .toEqual([`1.VIP${vipName}`, `2.${regularName}`]);
    expect(await overlay.getByTestId("overlay-next").locator("[data-vip]").count()).toBe(1);
    expect(await overlay.getByTestId("overlay-playing").textContent()).toBe("Nobody yet");

    // The streamer moves to the next fan: the VIP goes in game.
    await star
      .getByTestId("vip-lane")
      .getByRole("button", { name: `In game: ${vipUsername}` })
      .click();
    await expect.poll(() => overlay.getByTestId("overlay-playing").textContent(), SOON).toBe(vipName);
    await expect.poll(() => overlay.getByTestId("overlay-length").textContent(), SOON).toBe("1 in queue");
    await expect
      .poll(() => overlay.getByTestId("overlay-next").locator("li").allTextContents(), SOON)
      .toEqual([`1.${regularName}`]);
    // Public data only: no email anywhere on the overlay.
    expect(await overlay.content()).not.toMatch(/@example\.com|@demo\.noobrd\.gg/);

    // A new key from the queue dashboard: the old URL answers 404 at once, also to the open overlay's reload.
    // The open overlay reloads itself into the 404 (its document, not a fetch of its own).
    const reloadedInto404 = overlay.waitForResponse(
      (response) => response.request().isNavigationRequest() && response.status() === 404,
      { timeout: 20_000 },
    );
    await star.getByRole("button", { name: "Make new overlay links" }).click();
    await expect
      .poll(() => star.getByRole("textbox", { name: "Live queue overlay" }).inputValue(), SOON)
      .not.toBe(overlayUrl);
    expect((await overlayContext.request.get(overlayUrl)).status()).toBe(404);
    // The open overlay stops showing the queue by itself: its socket is closed and the page reloads into the 404.
    await reloadedInto404;
    await overlay.waitForLoadState("load");
    expect(await overlay.locator("[data-overlay]").count()).toBe(0);
    // The new URL, pasted into the streaming software (a page of its own: the old one may still be settling).
    const fresh = await star.getByRole("textbox", { name: "Live queue overlay" }).inputValue();
    const renewed = await overlayContext.newPage();
    expect((await renewed.goto(fresh))?.status()).toBe(200);
    await renewed.getByTestId("overlay-playing").waitFor();
    expect(await renewed.getByTestId("overlay-playing").textContent()).toBe(vipName);
  }, 180_000);
});
