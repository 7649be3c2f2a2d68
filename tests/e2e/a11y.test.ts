import AxeBuilder from "@axe-core/playwright";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { loadSite, ROLES, type RoleCookies, SITE_PAGES, type SiteIds } from "./site-pages";

/**
 * Accessibility: axe-core (WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices) over every page of
 * site-pages.ts at 390 px as each role, one browser context and one tab per role. A page fails on any critical or
 * serious finding (colour contrast, a control without a name or whose name differs from its visible label, ...); a
 * public page (signed out) on any finding at all, moderate and minor too: Lighthouse's accessibility score is these
 * axe rules, so a public page clean of them scores 100 (docs/development.md, "Accessibility").
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

let ids: SiteIds;
let cookies: RoleCookies;

beforeAll(async () => {
  ({ ids, cookies } = await loadSite());
});

describe.each(ROLES)("axe at 390 px, as %s", (who) => {
  it("finds nothing critical or serious on any page", async () => {
    const context = await browser.context({ javaScript: true, timezoneId: "UTC" });
    if (who !== "anonymous") await context.addCookies([{ ...cookies[who], url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    const findings: string[] = [];
    for (const path of SITE_PAGES[who](ids)) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const violation of violations) {
        const counts = who === "anonymous" || violation.impact === "critical" || violation.impact === "serious";
        if (!counts) continue;
        for (const node of violation.nodes) {
          findings.push(
            `${path}: ${violation.impact} ${violation.id}: ${node.target.join(" ")} ${node.failureSummary?.split("\n").slice(1).join(" ").slice(0, 200) ?? ""}`,
          );
        }
      }
    }
    expect(findings).toEqual([]);
    await page.close();
  }, 300_000);
});

/**
 * What the page scan above cannot see: controls that appear once React runs or behind a closed disclosure. The Chat
 * page's `/connect` step with its Copy button, and the calendar's slot actions (lobby code, drop, cancel, offer
 * another time) opened.
 */
describe("axe at 390 px on what appears later", () => {
  it("finds nothing critical or serious on the Chat page's connect steps or the calendar's opened slot actions", async () => {
    const context = await browser.context({ javaScript: true, timezoneId: "Asia/Kolkata" });
    await context.addCookies([{ ...cookies.streamer, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    const findings: string[] = [];
    const scan = async (where: string) => {
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const violation of violations) {
        if (violation.impact !== "critical" && violation.impact !== "serious") continue;
        for (const node of violation.nodes) findings.push(`${where}: ${violation.id}: ${node.target.join(" ")}`);
      }
    };
    await page.goto("/influencer/chat");
    await page.getByRole("button", { name: "Copy the /connect command" }).waitFor();
    await scan("chat, hydrated");
    await page.goto("/influencer/calendar-dashboard");
    const actions = page.locator("li details");
    await actions.first().waitFor();
    for (const disclosure of await actions.all()) {
      await disclosure.evaluate((element) => {
        (element as HTMLDetailsElement).open = true;
      });
    }
    await scan("calendar, slot actions open");
    expect(findings).toEqual([]);
    await page.close();
  }, 120_000);
});
