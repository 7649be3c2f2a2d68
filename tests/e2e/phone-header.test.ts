import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { endDemoStarSessions, makeDemoStarLive } from "./live-helpers";
import { sessionsFor } from "./staff";

/**
 * The header on phones of 360 and 390 px: one row, nothing wrapped; a streamer's "Go live" (or "Queue" while live)
 * in plain words beside the bell; the rest (profile, dashboard, staff area, Log out) in a menu that opens
 * without JavaScript.
 */
const browser = setupBrowser();
type Cookie = { name: string; value: string };
let cookies: Record<"fan" | "streamer" | "admin", Cookie>;

beforeAll(async () => {
  const [fan, streamer, admin] = await sessionsFor(["usr_demo_fan", "usr_demo_influencer", "usr_demo_admin"]);
  if (!fan || !streamer || !admin) throw new Error("no sessions");
  cookies = { fan, streamer, admin };
  endDemoStarSessions();
});
afterAll(() => endDemoStarSessions());

/** The header's controls that wrap onto a second line, leave the header's row or run past the screen. */
function headerProblems(): string[] {
  const header = document.querySelector("header");
  if (!header) return ["no header"];
  const bar = header.getBoundingClientRect();
  const problems: string[] = [];
  if (header.scrollWidth > header.clientWidth) problems.push(`header is ${header.scrollWidth} px wide`);
  for (const element of header.querySelectorAll<HTMLElement>("a, button, summary")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || element.closest("details:not([open]) > :not(summary), dialog:not([open])")) continue;
    const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
    if (box.height > 48) problems.push(`"${name}" wraps: ${Math.round(box.height)} px tall`);
    if (box.top < bar.top || box.bottom > bar.bottom) problems.push(`"${name}" leaves the header's row`);
    if (box.left < 0 || box.right > window.innerWidth) problems.push(`"${name}" runs past the screen`);
  }
  return problems;
}

async function phone(who: keyof typeof cookies, width: number, javaScript = true): Promise<Page> {
  const context = await browser.context({ javaScript, timezoneId: "UTC" });
  await context.addCookies([{ ...cookies[who], url: baseURL() }]);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 780 });
  return page;
}

describe.each([360, 390])("the header at %i px", (width) => {
  it("fits on one row for a fan, a streamer off and on air, and staff", async () => {
    const problems: string[] = [];
    for (const who of ["fan", "streamer", "admin"] as const) {
      const page = await phone(who, width);
      for (const path of ["/", "/browse", who === "admin" ? "/admin/dashboard" : "/profile"]) {
        await page.goto(path);
        problems.push(...(await page.evaluate(headerProblems)).map((p) => `${who} ${path}: ${p}`));
      }
      if (who === "streamer") {
        await page.goto("/influencer/dashboard");
        expect(await page.getByRole("banner").getByRole("link", { name: "Go live" }).isVisible()).toBe(true);
        const live = makeDemoStarLive("header");
        try {
          await page.goto("/influencer/dashboard");
          const queue = page.getByRole("banner").getByRole("link", { name: "Queue Dashboard" });
          // biome-ignore lint/performance/useDomNodeTextContent: the words shown on a phone, not the hidden ones
          expect(await queue.innerText()).toBe("Queue");
          expect(await queue.getAttribute("href")).toBe(`/influencer/live/session/${live}`);
          problems.push(...(await page.evaluate(headerProblems)).map((p) => `live streamer: ${p}`));
        } finally {
          endDemoStarSessions();
        }
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  });
});

describe("the phone's menu", () => {
  it.each([true, false])("holds the profile, the dashboard and Log out (JavaScript %s)", async (javaScript) => {
    const page = await phone("streamer", 360, javaScript);
    await page.goto("/influencer/calendar-dashboard");
    const header = page.getByRole("banner");
    // Log out is not in the row itself: only inside the menu.
    expect(await header.getByRole("link", { name: "Log out" }).count()).toBe(0);
    await header.locator('summary[aria-label="Account menu"]').click();
    for (const name of ["Your profile", "Dashboard", "Log out"]) {
      expect(await header.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    await header.getByRole("link", { name: "Log out", exact: true }).click();
    if (javaScript)
      expect(await page.getByRole("dialog").getByRole("button", { name: "Yes, log out" }).isVisible()).toBe(true);
    else {
      await page.waitForURL((url) => url.pathname === "/logout");
      expect(await page.getByRole("button", { name: "Yes, log out" }).isVisible()).toBe(true);
    }
    await page.close();
  });
});
