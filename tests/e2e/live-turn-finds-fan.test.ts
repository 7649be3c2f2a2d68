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
  PHONE,
  secondFan,
  streamerAndFanPhones,
} from "./live-helpers";
import { latestEmail, linkIn } from "./outbox";

/**
 * A turn that finds the fan, at 390 px: two fans queue; one keeps the live page open, the other closes it (gone to the
 * game). The streamer calls both at once (a party of 2). The absent fan keeps their turn, gets the "you're up" email
 * and confirms by its one-tap link in a browser without JavaScript; the dashboard shows each alert's delivery and
 * both fans ready.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "America/New_York", 240);

describe("a called fan with the page closed", () => {
  it("is emailed, confirms by the link in time, and the dashboard shows the delivery", async () => {
    const id = makeDemoStarLive("finds");
    try {
      const { fanLogin, streamer, fan } = await streamerAndFanPhones(newContext);
      await joinRegularQueue(fan, fanLogin, id, "OnPage");
      await fan.locator("main[data-connected]").waitFor();
      // The join step says how the fan will be told and how long they will have.
      expect(await fan.getByTestId("how-told").textContent()).toContain("2 min to confirm");

      const awayLogin = await secondFan();
      const awayContext = await newContext(true);
      const away = await awayContext.newPage();
      await away.setViewportSize(PHONE);
      await joinRegularQueue(away, awayLogin, id, "InTheGame");
      expect(await away.getByTestId("how-told").textContent()).toContain(`We'll email you at ${awayLogin.email}`);
      await awayContext.close();

      await logIn(streamer, DEMO_STAR_LOGIN);
      await streamer.goto(`/influencer/live/session/${id}`);
      await streamer.locator("[data-connected]").waitFor();
      const party = streamer.getByTestId("party-pick");
      await party.getByLabel("Fans to call").selectOption("2");
      await party.getByRole("button", { name: "Call next" }).click();

      // Both are called: the fan on the page sees the countdown; the absent one is not skipped.
      await fan.getByTestId("ready-banner").waitFor();
      const awayRow = streamer.getByTestId("regular-lane").locator("li", { hasText: "InTheGame" });
      await expect.poll(() => awayRow.getByTestId("ready-state").textContent()).toMatch(/^Ready\? \d:\d\d/);
      await expect.poll(() => awayRow.getByTestId("alert-outcome").textContent()).toBe("Emailed (no push)");

      // The email's one-tap link, opened in a browser without JavaScript and without signing in.
      const mail = await latestEmail(awayLogin.email, /^You're up with/);
      expect(mail.text).toContain("confirm you're ready within 2 min");
      const noScript = await newContext(false);
      const linkPage = await noScript.newPage();
      await linkPage.setViewportSize(PHONE);
      await linkPage.goto(linkIn(mail, /\/live\/[^/]+\/ready/));
      const button = linkPage.getByRole("button", { name: "I'm ready" });
      expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await button.click();
      await expect
        .poll(() => linkPage.getByTestId("ready-link-state").textContent())
        .toBe("You're ready: the streamer will start your game.");
      await noScript.close();

      await expect.poll(() => awayRow.getByTestId("ready-state").textContent()).toBe("Ready ✓");
      const [entry] = queryE2E<{ state: string; ready_deadline: number | null }>(
        `SELECT state, ready_deadline FROM queue_entries WHERE live_session_id = '${id}' AND user_id = '${awayLogin.id}'`,
      );
      expect(entry).toEqual({ state: "playing_next", ready_deadline: null });
      await expect
        .poll(() => streamer.getByTestId("ready-history").locator("li").allTextContents())
        .toContainEqual(expect.stringMatching(/confirmed they are ready$/));
    } finally {
      endDemoStarSessions();
    }
  });
});
