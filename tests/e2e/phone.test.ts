import type { ConsoleMessage, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { endDemoStarSessions, makeDemoStarLive } from "./live-helpers";
import { sessionsFor } from "./staff";

/**
 * Phones: every page route (app/routes.ts) on a 390 px phone, as anonymous, fan, streamer and admin staff.
 * A page fails when the document scrolls sideways (scrollWidth > innerWidth), when a table cell runs past the
 * screen (tables turn into stacked cards on a phone), when the console reports an error or a warning (a hydration mismatch included), or when the page throws. Resource routes (JSON, PDF, files,
 * OAuth redirects) are not pages and are left out.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };

type Ids = {
  gig: string;
  game: string;
  live: string | null;
  order: string;
  payoutStar: string;
  ownLive: string | null;
  draftPayoutStar: string;
};
let ids: Ids;
let cookies: { fan: { name: string; value: string }; streamer: typeof cookies.fan; admin: typeof cookies.fan };

beforeAll(async () => {
  const [row] = queryE2E<Ids>(
    `SELECT
       (SELECT id FROM products WHERE influencer_id = 'usr_demo_influencer' AND archived_at IS NULL LIMIT 1) AS gig,
       (SELECT game_id FROM products WHERE influencer_id = 'usr_demo_influencer' LIMIT 1) AS game,
       (SELECT id FROM live_sessions WHERE ended_at IS NULL ORDER BY started_at DESC LIMIT 1) AS live,
       (SELECT id FROM live_sessions WHERE influencer_id = 'usr_demo_influencer' ORDER BY started_at DESC LIMIT 1) AS ownLive,
       (SELECT id FROM orders WHERE user_id = 'usr_demo_fan' AND kind = 'slot_booking' ORDER BY created_at DESC LIMIT 1) AS "order",
       (SELECT influencer_id FROM orders WHERE status = 'paid' AND influencer_id IS NOT NULL LIMIT 1) AS payoutStar,
       (SELECT influencer_id FROM payouts WHERE status IN ('draft', 'active') LIMIT 1) AS draftPayoutStar`,
  );
  if (!row) throw new Error("no demo data");
  ids = row;
  const [fan, streamer, admin] = await sessionsFor(["usr_demo_fan", "usr_demo_influencer", "usr_demo_admin"]);
  if (!fan || !streamer || !admin) throw new Error("no sessions");
  cookies = { fan, streamer, admin };
});

const PUBLIC = () => [
  "/",
  "/about-us",
  "/cancellation-policy",
  "/privacy-policy",
  "/terms-of-service",
  "/contact-us",
  "/browse",
  `/star/usr_demo_influencer`,
  `/gig/${ids.gig}`,
  `/game/${ids.game}`,
  ...(ids.live ? [`/live/${ids.live}`] : []),
  "/checkout/cancel",
  "/no/such/page",
];

const PAGES: Record<"anonymous" | "fan" | "streamer" | "admin", () => string[]> = {
  anonymous: () => [
    ...PUBLIC(),
    "/signup",
    "/signup-early-access",
    "/login",
    "/password-login",
    "/forgot-password",
    "/reset-password/not-a-token",
    "/streamer-password-setup/nobody%40example.com",
    "/signup/verify/not-a-token",
    "/signup/verifyotp/not-a-token/nobody%40example.com",
    "/unsubscribe/nobody%40example.com",
    "/admin/login",
  ],
  fan: () => [
    ...PUBLIC(),
    "/profile",
    "/profile/data",
    `/profile/orders/${ids.order}`,
    `/profile/orders/${ids.order}/cancel`,
    `/profile/orders/${ids.order}/review`,
    "/notifications",
    "/wallet/top-up",
    "/logout",
  ],
  streamer: () => [
    "/influencer/dashboard",
    "/influencer/calendar-dashboard",
    "/influencer/profile",
    "/influencer/onboarding",
    "/influencer/products",
    "/influencer/products/new",
    `/influencer/products/${ids.gig}/edit`,
    "/influencer/live/start",
    ...(ids.ownLive ? [`/influencer/live/session/${ids.ownLive}`] : []),
    "/notifications",
    "/star/usr_demo_influencer",
  ],
  admin: () => [
    "/admin/dashboard",
    `/admin/payout/influencer/${ids.payoutStar}`,
    "/admin/refunds",
    `/admin/validations/influencer-game-playing-validations/${ids.payoutStar}`,
    "/admin/reported-users",
    "/admin/reported-reviews",
    "/admin/games",
    "/admin/audit-log",
    "/admin/noobrd-giveaway",
    "/admin/privacy-policy",
    "/admin/terms-of-services",
    "/admin/terms-and-privacy",
    "/admin/faqs",
    "/admin/contact-us-submissions",
    "/admin/verify-onboarding-details",
    "/admin/configurations",
    "/admin/influencer",
    `/admin/influencer/${ids.payoutStar}`,
    "/admin/add-influencer",
    "/admin/manage-promo-codes",
    "/admin/games/add",
    `/admin/edit-game/${ids.game}`,
    "/admin/platforms",
    "/admin/platforms/add",
    "/admin/banners",
    "/admin/banners/add",
    "/admin/banned-users",
    `/profile/orders/${ids.order}`,
  ],
};

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
    for (const path of PAGES[who]()) problems.push(...(await problemsOn(page, path)));
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
