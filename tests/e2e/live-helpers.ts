import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { queryE2E } from "./db";
import { DEMO_FAN, signedIn } from "./demo-fan";
import { userWithPassword } from "./demo-rows";

/** Shared by the live queue's browser tests (live.test.ts, overlay.test.ts). */
export const DEMO_STAR_LOGIN = {
  email: "influencer@demo.noobrd.gg",
  password: DEMO_FAN.password,
  id: "usr_demo_influencer",
};

/** The demo star starts not live (the seed may have left a session open). */
export function endDemoStarSessions() {
  const now = Date.now();
  queryE2E(
    [
      `UPDATE live_sessions SET ended_at = ${now} WHERE influencer_id = '${DEMO_STAR_LOGIN.id}' AND ended_at IS NULL`,
      `UPDATE users SET live_session_id = NULL WHERE id = '${DEMO_STAR_LOGIN.id}'`,
    ].join(";\n"),
  );
}

/** The demo star goes live now: a session like their last one, opened now (end it with endDemoStarSessions). */
export function makeDemoStarLive(tag: string): string {
  endDemoStarSessions();
  const now = Date.now();
  const live = `lss_${tag}_${now.toString(36)}`;
  queryE2E(
    `INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, base_currency, started_at, created_at, updated_at)
       SELECT '${live}', influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor, base_currency, ${now}, ${now}, ${now}
       FROM live_sessions WHERE influencer_id = '${DEMO_STAR_LOGIN.id}' ORDER BY started_at DESC LIMIT 1;
     UPDATE users SET live_session_id = '${live}' WHERE id = '${DEMO_STAR_LOGIN.id}';`,
  );
  return live;
}

export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await signedIn(page);
}

/** A second fan with a password login (the seed has one demo fan). */
export async function secondFan() {
  const password = "Live-queue-2026";
  const fan = await userWithPassword({ fullName: "Regular Fan", country: "GB" }, password);
  return { email: fan.email ?? "", password, id: fan.id };
}

/** Walks the stepper: game and mode, platform, price, no stream, details, Looks good, start. */
export async function goLive(page: Page, title: string, javaScript: boolean) {
  await page.getByRole("link", { name: "Go live" }).first().click();
  await page.waitForURL(/\/influencer\/live\/start/);
  if (javaScript) await page.locator('form[data-step="game"][data-hydrated]').waitFor();
  const game = page.getByLabel("Game", { exact: true });
  const firstGame = game.locator("option").nth(1);
  await game.selectOption((await firstGame.getAttribute("value")) ?? "");
  if (javaScript) {
    // Only the chosen game's modes are offered, not every game's.
    const groups = page.locator('select[name="_game_mode_id"] optgroup');
    await expect.poll(() => groups.count()).toBe(1);
    expect(await groups.getAttribute("label")).toBe(await firstGame.textContent());
  }
  const mode = page.locator(`select[name="_game_mode_id"] optgroup`).first().locator("option").first();
  await page.getByLabel("Mode").selectOption((await mode.getAttribute("value")) ?? "");
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('[data-step="platform"]').waitFor();
  await page.getByRole("radiogroup", { name: "Platform" }).getByRole("radio").first().check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('[data-step="price"]').waitFor();
  const price = page.getByLabel(/Price of a VIP place/);
  if (javaScript) {
    // A wrong price: Next shows the message and clears the field without sending; the next Next is taken.
    await price.fill("1");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(/Price should be greater than/).waitFor();
    await expect.poll(() => price.inputValue()).toBe("");
    expect(await page.locator("[data-step]").getAttribute("data-step")).toBe("price");
  }
  // At least $5 or ₹100, whichever the demo streamer's base currency is.
  await price.fill("150");
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('[data-step="streaming"]').waitFor();
  await page.getByRole("radio", { name: "No stream" }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await page.locator('[data-step="details"]').waitFor();
  expect(await page.getByRole("button", { name: "START LIVE SESSION NOW" }).isDisabled()).toBe(true);
  await page.getByLabel(/^Title/).fill(title);
  await page.getByRole("button", { name: "Looks good" }).click();
  await page.locator('[data-step="start"]').waitFor();
  await page.getByRole("button", { name: "START LIVE SESSION NOW" }).click();
  await page.waitForURL(/\/influencer\/live\/session\/[a-z0-9]+\?started=1/);
  await page.getByRole("heading", { name: "Live session started successfully" }).waitFor();
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/** A 390 px phone. */
export const PHONE = { width: 390, height: 844 };

/**
 * The demo star's and a second fan's browsers, each with a page the size of a phone (live-ready.test.ts,
 * live-alerts-phone.test.ts); `newContext` opens a profile with JavaScript on (demo-fan.ts `contexts`).
 */
export async function streamerAndFanPhones(newContext: (javaScript: boolean) => Promise<BrowserContext>) {
  const fanLogin = await secondFan();
  const [streamerContext, fanContext] = await Promise.all([newContext(true), newContext(true)]);
  const streamer = await streamerContext.newPage();
  await streamer.setViewportSize(PHONE);
  const fan = await fanContext.newPage();
  await fan.setViewportSize(PHONE);
  return { fanLogin, streamer, fan, fanContext };
}

/** The fan signs in and joins the live session's regular queue with a gamer tag, on its page. */
export async function joinRegularQueue(page: Page, fan: { email: string; password: string }, id: string, tag: string) {
  await logIn(page, fan);
  await page.goto(`/live/${id}`);
  await page.locator("#gamertag-regular").fill(tag);
  await page.getByRole("button", { name: "Join regular queue (free)" }).click();
  await page.getByTestId("my-position").waitFor();
}

/** Asks for a VIP place on the live page: types the gamer tag, accepts the terms, picks how to pay and joins. */
export async function askForVipPlace(page: Page, id: string, tag: string, payment: "Card" | "Wallet") {
  await page.goto(`/live/${id}`);
  await page.locator("#gamertag-vip").fill(tag);
  await page.getByLabel("I accept the VIP Queue Terms").check();
  await page.getByRole("radio", { name: payment }).check();
  await page.getByRole("button", { name: /Join VIP queue/ }).click();
}
