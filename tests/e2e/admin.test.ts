import { describe, expect, it } from "vitest";
import { createReport } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { DEMO_FAN } from "./demo-fan";
import { freshFan, staffContext, staffLogIn } from "./staff";

/**
 * The staff area as a new admin would try it, JavaScript on and off: add a game with a mode and a cover, a banner
 * the landing page shows, a promo code; then ban a reported fan, who is signed out at once.
 */
const browser = setupBrowser();
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe.each([true, false])("the demo admin runs the platform (JavaScript %s)", (javaScript) => {
  it("adds a game with a mode, a banner and a promo code, and bans a reported fan who is logged out at once", async () => {
    const suffix = `${javaScript ? "js" : "nojs"}${Date.now().toString(36)}`;
    const context = await staffContext(browser, javaScript);
    const page = await context.newPage();
    await staffLogIn(page, "admin@demo.noobrd.gg", "/admin/games/add");

    // 1. A game with one mode on PC, with a cover image.
    const game = `E2E Arena ${suffix}`;
    await page.getByLabel("Name", { exact: true }).fill(game);
    await page.getByLabel("Description").fill("Made by the browser test.");
    await page.getByLabel("Cross-platform play").check();
    await page.getByLabel("PC", { exact: true }).check();
    await page.getByLabel("Mode 1 name").fill("Duel");
    await page.getByLabel("Mode 1 minutes").fill("20");
    await page.getByLabel("Mode 1 players").fill("1");
    await page.getByLabel(/^Cover image/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add game" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/games");
    await page.getByRole("cell", { name: game, exact: true }).waitFor();
    const [row] = queryE2E<{ modes: number }>(
      `SELECT (SELECT count(*) FROM game_modes m WHERE m.game_id = g.id) AS modes FROM games g WHERE g.name = '${game}'`,
    );
    expect(row?.modes).toBe(1);

    // 2. A banner, shown on the landing page.
    const banner = `E2E Cup ${suffix}`;
    await page.goto("/admin/banners/add");
    await page.getByLabel("Title").fill(banner);
    await page.getByLabel(/^Image/).setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Add banner" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/banners");
    await page.getByText(banner).first().waitFor();
    const banners = await (await page.request.get(`${baseURL()}/api/get/banners`)).text();
    expect(banners).toContain(banner);

    // 3. A promo code, 15% off.
    const code = `E2E${suffix.toUpperCase()}`.slice(0, 32);
    await page.goto("/admin/manage-promo-codes");
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByLabel(/^Discount/).fill("15");
    await page.getByRole("button", { name: "Create promo code" }).click();
    await page.getByRole("cell", { name: code, exact: true }).waitFor();
    const [promo] = queryE2E<{ value: number }>(`SELECT value FROM promo_codes WHERE code = '${code}'`);
    expect(promo?.value).toBe(1500);

    // 4. A reported fan, signed in elsewhere, is banned and signed out at once.
    const fan = await freshFan(`troll${javaScript ? "js" : "nojs"}`);
    await createReport(e2eD1, DEMO_FAN.id, fan.id, "Abusive in chat");
    const fanContext = await staffContext(browser, javaScript);
    await fanContext.addCookies([{ ...fan.cookie, url: baseURL() }]);
    const fanPage = await fanContext.newPage();
    await fanPage.goto("/profile");
    expect(new URL(fanPage.url()).pathname).toBe("/profile");

    await page.goto("/admin/reported-users?limit=100");
    await page.getByLabel(`Report of @${fan.username}: Abusive in chat`).check();
    await page.getByRole("button", { name: "Ban accounts" }).click();
    // It asks first (app/lib/confirm.ts): a dialog with JavaScript, a confirmation step without; nobody is banned yet.
    await page.getByRole("button", { name: "Yes, ban" }).waitFor();
    expect(queryE2E(`SELECT user_id FROM bans WHERE user_id = '${fan.id}'`)).toEqual([]);
    await page.getByRole("button", { name: "Yes, ban" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/reported-users");
    await expect.poll(() => page.getByLabel(`Report of @${fan.username}: Abusive in chat`).count()).toBe(0);
    await fanPage.goto("/profile");
    await fanPage.waitForURL((url) => url.pathname === "/login");
    await page.goto("/admin/banned-users?limit=100");
    await page.getByLabel(`Unban @${fan.username}`).waitFor();
    await fanContext.close();
    await context.close();
  });
});
