import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { askForVipPlace, DEMO_STAR_LOGIN, endDemoStarSessions, goLive, logIn, secondFan } from "./live-helpers";

/**
 * Live sessions end to end (docs/decisions/014): the demo streamer goes live through the stepper (JavaScript off, then
 * on), two fans in two browsers join the regular and the VIP queue (the VIP by card on the Stripe stand-in),
 * the streamer serves from the queue dashboard while both fans' pages follow without reloading, the streamer
 * ends the session, and the unserved VIP fan finds the refund in their wallet and a notification.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Europe/London", 160);
describe("live sessions in the browser", () => {
  it("without JavaScript: the streamer goes live through plain form steps and ends with nobody playing", async () => {
    endDemoStarSessions();
    const context = await newContext(false);
    const page = await context.newPage();
    await logIn(page, DEMO_STAR_LOGIN);
    const id = await goLive(page, "No-JS live session", false);
    // The link to share is the streamer's short link: while live it opens this session.
    const shareLink = await page.getByRole("textbox", { name: "Live session link" }).inputValue();
    expect(new URL(shareLink).pathname).toBe("/@DemoStar");
    const visitor = await (await newContext(false)).newPage();
    await visitor.goto(new URL(shareLink).pathname);
    expect(new URL(visitor.url()).pathname).toBe(`/live/${id}`);
    await page.getByRole("link", { name: "End Session" }).first().click();
    await page.getByRole("button", { name: "Yes, end session" }).click();
    await page.waitForURL(/\/influencer\/dashboard/);
    // Offline, the same link opens the streamer's page (the handle in any case).
    await visitor.goto("/@demostar");
    expect(new URL(visitor.url()).pathname).toBe(`/star/${DEMO_STAR_LOGIN.id}`);
    await visitor.goto("/@no-such-streamer");
    expect(await visitor.getByRole("heading", { name: "Page not found" }).isVisible()).toBe(true);
    expect(
      queryE2E<{ ended: number }>(`SELECT ended_at IS NOT NULL AS ended FROM live_sessions WHERE id = '${id}'`)[0]
        ?.ended,
    ).toBe(1);
  });

  it("two fans join regular and VIP, follow the streamer's moves live, and the unserved VIP is refunded", async () => {
    endDemoStarSessions();
    const fanA = await secondFan();
    const [streamerContext, regularContext, vipContext] = await Promise.all([
      newContext(true),
      newContext(true),
      newContext(true),
    ]);
    await streamerContext.grantPermissions(["clipboard-read", "clipboard-write"]);
    const streamer = await streamerContext.newPage();
    const id = await theStarGoesLiveAndCopiesTheLink(streamer);
    const regular = await regularContext.newPage();
    await theRegularFanJoinsForFree(regular, fanA, id);
    const vip = await vipContext.newPage();
    await logInAsDemoFan(vip);
    const balanceBefore = walletMinor(DEMO_FAN.id);
    const vipTag = await theVipFanPaysByCard(vip, id);
    await bothLanesShowWithoutReloading(streamer, regular);
    await theStarCallsTheRegularFanWithTheLobbyCode(streamer, regular, vip, id);
    await theStarEndsWithTheRegularFanPlayingNext(streamer, vip);
    await theUnservedVipIsRefundedInRupees(vip, id, balanceBefore);
    queryE2E(`DELETE FROM user_gamertags WHERE user_id = '${DEMO_FAN.id}' AND tag = '${vipTag}'`);
  });
});

async function theStarGoesLiveAndCopiesTheLink(streamer: Page) {
  await logIn(streamer, DEMO_STAR_LOGIN);
  const id = await goLive(streamer, "Two-browser live", true);
  await streamer.getByRole("button", { name: "Copy link" }).click();
  await streamer.getByText(/Link copied!!|Failed to copy link!/).waitFor();
  await streamer.getByRole("button", { name: "Close" }).click();
  await streamer.locator("[data-connected]").waitFor();
  return id;
}

async function theRegularFanJoinsForFree(regular: Page, fan: { email: string; password: string }, id: string) {
  await logIn(regular, fan);
  await regular.goto(`/live/${id}`);
  await regular.locator("#gamertag-regular").fill("RegularE2E");
  await regular.getByRole("button", { name: "Join regular queue (free)" }).click();
  await regular.getByTestId("my-position").waitFor();
  expect(await regular.getByTestId("my-position").textContent()).toBe("1st in line");
  await regular.locator("main[data-connected]").waitFor();
}

/** The VIP fan accepts the terms and pays by card on the stand-in; answers the gamer tag they used. */
async function theVipFanPaysByCard(vip: Page, id: string) {
  const vipTag = `CardVip${Date.now().toString(36)}`;
  await askForVipPlace(vip, id, vipTag, "Card");
  await vip.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
  await vip.getByRole("button", { name: "Pay" }).click();
  await vip.waitForURL(new RegExp(`/live/${id}$`));
  await vip.getByTestId("my-position").waitFor();
  expect(await vip.getByTestId("my-line").textContent()).toBe("VIP place · 1st in line");
  return vipTag;
}

/** Without reloading: the regular fan sees the VIP count, the streamer sees both lanes (VIP first). */
async function bothLanesShowWithoutReloading(streamer: Page, regular: Page) {
  await expect.poll(() => regular.getByTestId("vip-count").textContent()).toBe("1");
  await expect.poll(() => streamer.getByTestId("vip-lane").locator("li").count()).toBe(1);
  await expect.poll(() => streamer.getByTestId("regular-lane").locator("li").count()).toBe(1);
}

/** The streamer sets the lobby code and calls the regular fan: their page follows, code and all; the VIP's does not. */
async function theStarCallsTheRegularFanWithTheLobbyCode(streamer: Page, regular: Page, vip: Page, id: string) {
  await streamer.getByLabel(/Lobby code/).fill("LOBBY-E2E");
  await streamer.getByRole("button", { name: "Save lobby code" }).click();
  await expect
    .poll(() => queryE2E<{ code: string }>(`SELECT code FROM lobby_codes WHERE live_session_id = '${id}'`)[0]?.code)
    .toBe("LOBBY-E2E");
  await streamer
    .getByTestId("regular-lane")
    .getByRole("button", { name: /^Playing next:/ })
    .click();
  await expect.poll(() => regular.getByTestId("my-state").textContent()).toContain("You are playing next!");
  await expect.poll(() => regular.getByTestId("lobby-code").textContent()).toBe("LOBBY-E2E");
  // Called: the ready check is pinned first; the fan confirms.
  await regular.getByTestId("ready-banner").getByRole("button", { name: "Confirm" }).click();
  // Called: the status is pinned at the top of the page, above the video and the description.
  await expect.poll(() => regular.getByTestId("called-banner").textContent()).toBe("You're up: lobby code LOBBY-E2E");
  const [bannerTop, headingTop] = await Promise.all([
    regular.getByTestId("called-banner").evaluate((node) => node.getBoundingClientRect().top),
    regular.getByRole("heading", { level: 1 }).evaluate((node) => node.getBoundingClientRect().top),
  ]);
  expect(bannerTop).toBeLessThan(headingTop);
  expect(await vip.getByTestId("lobby-code").count()).toBe(0);
}

/**
 * End Session while the regular fan is still playing next: every fan gets an outcome, and the streamer goes to their
 * dashboard with the success message.
 */
async function theStarEndsWithTheRegularFanPlayingNext(streamer: Page, vip: Page) {
  // The VIP fan's bell is live (it connects after the page hydrates): a notification sent before would only be in
  // the list, not pop up.
  await vip.locator('button[aria-label^="Notifications"][data-bell-connected]').waitFor();
  await streamer.getByRole("link", { name: "End Session" }).first().click();
  await streamer.getByRole("button", { name: "Yes, end session" }).click();
  await streamer.waitForURL(/\/influencer\/dashboard/);
  await streamer.getByText("Live session ended").first().waitFor();
}

/**
 * The unserved VIP fan: a notification pops up live, their page says the place was refunded, and the wallet holds
 * the refund, in the fan's currency (rupees) as charged (docs/decisions/020).
 */
async function theUnservedVipIsRefundedInRupees(vip: Page, id: string, balanceBefore: number) {
  await vip.getByTestId("notification-toast").waitFor();
  await expect.poll(() => vip.getByTestId("my-ending").textContent()).toContain("refunded to your wallet");
  const [paid] = queryE2E<{ amount_minor: number }>(
    `SELECT amount_minor FROM orders WHERE live_session_id = '${id}' AND user_id = '${DEMO_FAN.id}' AND kind = 'vip_queue'`,
  );
  await expect.poll(() => walletMinor(DEMO_FAN.id)).toBe(balanceBefore + (paid?.amount_minor ?? 0));
  await vip.goto("/profile");
  await vip.getByTestId("wallet-balance").waitFor();
  await vip.goto("/notifications");
  await vip
    .getByText(/refunded to your wallet/)
    .first()
    .waitFor();
}

function walletMinor(userId: string): number {
  const [row] = queryE2E<{ balance: number }>(
    `SELECT coalesce(sum(amount_minor), 0) AS balance FROM wallet_entries WHERE user_id = '${userId}' AND currency = 'INR'`,
  );
  return Number(row?.balance ?? 0);
}
