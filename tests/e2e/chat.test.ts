import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { contexts } from "./demo-fan";
import { DEMO_STAR_LOGIN, endDemoStarSessions, goLive, logIn } from "./live-helpers";

/**
 * Joining from chat in the browser (docs/domain.md "Chat places"): a viewer types `!join` on the development chat
 * page (delivered through the signed Twitch webhook); the place appears live on the streamer's queue dashboard and
 * on the stream overlay, marked as from Twitch; the viewer's `!position` answer names the place the public view
 * shows.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Europe/London", 220);
const SOON = { timeout: 10_000, interval: 100 };

async function type(chat: Page, line: { user: string; text: string }) {
  await chat.goto("/dev/chat?channel=DemoStar");
  await chat.getByLabel("Platform").selectOption("twitch");
  await chat.getByLabel("Channel (streamer's handle)").fill("DemoStar");
  await chat.getByLabel("Viewer").fill(line.user);
  await chat.getByLabel("Line").fill(line.text);
  await chat.getByRole("button", { name: "Send" }).click();
  await chat.waitForURL(/\/dev\/chat\?channel=DemoStar/);
}

describe("chat queue in the browser", () => {
  it("a !join typed in the development chat shows live on the dashboard and the overlay, and !position agrees with the public view", async () => {
    endDemoStarSessions();
    const [streamerContext, overlayContext, chatContext, publicContext] = await Promise.all([
      newContext(true),
      newContext(true),
      newContext(true),
      newContext(true),
    ]);
    const streamer = await streamerContext.newPage();
    await logIn(streamer, DEMO_STAR_LOGIN);
    const id = await goLive(streamer, "Chat live", true);
    await streamer.getByRole("button", { name: "Close" }).click();
    await streamer.locator("[data-connected]").first().waitFor();
    const overlayUrl = await streamer.getByRole("textbox", { name: "Live queue overlay" }).inputValue();
    const overlay = await overlayContext.newPage();
    await overlay.goto(overlayUrl);
    await overlay.locator('[data-overlay="queue"][data-connected]').waitFor();

    const tag = `Chatty${Date.now().toString(36)}`;
    const chat = await chatContext.newPage();
    const fan = `viewer${Date.now().toString(36)}`;
    await type(chat, { user: fan, text: `!join ${tag}` });

    // The dashboard and the overlay follow without a reload, each saying the place came from Twitch.
    const row = streamer.locator("li", { hasText: tag }).first();
    await row.waitFor(SOON);
    expect(await row.getByTestId("joined-from").textContent()).toBe("Twitch");
    const onOverlay = overlay.locator("li", { hasText: tag }).first();
    await onOverlay.waitFor(SOON);
    expect(await onOverlay.locator('[data-source="twitch"]').textContent()).toBe("Twitch");

    // The public view's place for the tag is the one !position answers.
    const viewer = await publicContext.newPage();
    await viewer.goto(`/live/${id}`);
    const place = viewer.getByTestId("public-queue").locator("li", { hasText: tag }).first();
    await place.waitFor(SOON);
    const shown = ((await place.locator("span").first().textContent()) ?? "").trim();
    expect(shown).toMatch(/^\d+(st|nd|rd|th)$/);
    await type(chat, { user: fan, text: "!position" });
    // The page shows the bot's answer once the form's reply has loaded it (JavaScript on: no navigation).
    await chat
      .getByRole("list", { name: "Bot replies" })
      .locator("li", { hasText: `@${fan} you're ${shown} in line` })
      .waitFor(SOON);
    endDemoStarSessions();
  }, 180_000);
});
