import type { ConsoleMessage, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { endDemoStarSessions, makeDemoStarLive } from "./live-helpers";
import { loadSite, type RoleCookies, SITE_PAGES, type SiteIds } from "./site-pages";

/**
 * Phones: every page route (app/routes.ts) on a 390 px phone, as anonymous, fan, streamer and admin staff.
 * A page fails when the document scrolls sideways (scrollWidth > innerWidth), when a table cell runs past the
 * screen (tables turn into stacked cards on a phone), when the console reports an error or a warning (a hydration mismatch included), or when the page throws. The pages are
 * site-pages.ts's list.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };

let ids: SiteIds;
let cookies: RoleCookies;

beforeAll(async () => {
  ({ ids, cookies } = await loadSite());
});

/**
 * Controls a thumb must hit (buttons, menus, fields, header and navigation links, links drawn as buttons) that
 * are shown and smaller than 44 x 44 px. Links inside running text are not counted.
 */
function smallTapTargets(): string[] {
  const selector =
    'button, summary, select, textarea, input:not([type="checkbox"], [type="radio"], [type="hidden"]), header a, nav a, a[class*="rounded"]';
  return [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      // A field shown as 1x1 px until it is opened (the header search on a phone) is reached through its label.
      if (
        box.width <= 1 ||
        box.height <= 1 ||
        element.closest("dialog:not([open]), details:not([open]) > :not(summary)")
      )
        return false;
      return box.width < 43.5 || box.height < 43.5;
    })
    .map((element) => {
      const box = element.getBoundingClientRect();
      const name = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 30) ?? "";
      return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    });
}

/**
 * Table cells (and headers) shown on the page whose box runs past either edge of the screen, or whose content is
 * wider than the cell: a table scrolled sideways inside its box hides them just the same.
 */
function clippedCells(): string[] {
  return [...document.querySelectorAll<HTMLElement>("td, th")]
    .filter((cell) => {
      const box = cell.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || cell.closest(".sr-only")) return false;
      return box.left < -0.5 || box.right > window.innerWidth + 0.5 || cell.scrollWidth > cell.clientWidth + 1;
    })
    .map((cell) => {
      const box = cell.getBoundingClientRect();
      const text = cell.textContent?.trim().slice(0, 30) ?? "";
      return `${cell.tagName.toLowerCase()} "${text}" ${Math.round(box.left)}..${Math.round(box.right)} px`;
    });
}

/** Opens the page, waits until React runs it, and returns what is wrong with it on a phone. */
async function problemsOn(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // The page's own status (the 404 page, a refusal's 403) is logged as a failed load; it is not a fault.
    if (message.text().startsWith("Failed to load resource") && message.location().url === page.url()) return;
    problems.push(`console ${message.type()}: ${message.text()}`);
  };
  const onError = (error: Error) => problems.push(`page error: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  try {
    await page.goto(path);
    await page.locator("[data-url][data-hydrated]").waitFor({ state: "attached" });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) problems.push(`scrolls sideways: ${scrollWidth} px wide`);
    for (const small of await page.evaluate(smallTapTargets)) problems.push(`tap target under 44 px: ${small}`);
    for (const cell of await page.evaluate(clippedCells)) problems.push(`table cell past the screen: ${cell}`);
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  }
  return problems.map((problem) => `${path}: ${problem.slice(0, 300)}`);
}

describe.each(["anonymous", "fan", "streamer", "admin"] as const)("a 390 px phone, as %s", (who) => {
  it("shows every page without sideways scrolling, console errors or warnings", async () => {
    const context = await browser.context({ javaScript: true, timezoneId: "UTC" });
    if (who !== "anonymous") await context.addCookies([{ ...cookies[who], url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    const problems: string[] = [];
    for (const path of SITE_PAGES[who](ids)) problems.push(...(await problemsOn(page, path)));
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});

describe("a 390 px phone, as a streamer who is live", () => {
  it("fits the header's Queue link beside the bell and the menu", async () => {
    // Whatever the other files left, the demo star is live here.
    const live = makeDemoStarLive("phone");
    try {
      const context = await browser.context({ javaScript: true, timezoneId: "UTC" });
      await context.addCookies([{ ...cookies.streamer, url: baseURL() }]);
      const page = await context.newPage();
      await page.setViewportSize(PHONE);
      const problems: string[] = [];
      for (const path of ["/", "/influencer/dashboard", `/influencer/live/session/${live}`]) {
        problems.push(...(await problemsOn(page, path)));
      }
      expect(problems).toEqual([]);
      // The short link still names the dashboard for a screen reader.
      await page.goto("/");
      expect(await page.getByRole("link", { name: "Queue Dashboard" }).innerText()).toBe("Queue");
      await page.close();
    } finally {
      endDemoStarSessions();
    }
  }, 120_000);
});

describe("a payout's totals on a wide screen", () => {
  it("put each label on the same line as its amount", async () => {
    const context = await browser.context({ javaScript: true, timezoneId: "UTC" });
    await context.addCookies([{ ...cookies.admin, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`/admin/payout/influencer/${ids.draftPayoutStar}`);
    const totals = page.locator('dl[data-testid^="totals-"]').first();
    await totals.waitFor();
    const misaligned = await totals.evaluate((dl) =>
      [...dl.querySelectorAll("dt")]
        .filter((dt) => {
          const dd = dt.nextElementSibling;
          return !dd || Math.abs(dd.getBoundingClientRect().top - dt.getBoundingClientRect().top) > 1;
        })
        .map((dt) => dt.textContent),
    );
    expect(misaligned).toEqual([]);
    await page.close();
  });
});
