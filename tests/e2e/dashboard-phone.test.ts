import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { sessionsFor } from "./staff";

/**
 * The streamer dashboard on a 390 x 844 phone fits about four screens: what a streamer opens it for comes first
 * (the next slots, the live queues, the latest orders, earnings), and the long lists (all orders, earnings by day,
 * payouts, promo codes, feeds and onboarding) are folded until tapped, with JavaScript on and off.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
let streamer: { name: string; value: string };

beforeAll(async () => {
  const [session] = await sessionsFor(["usr_demo_influencer"]);
  if (!session) throw new Error("no session");
  streamer = session;
});

describe.each([true, false])("the streamer dashboard on a phone (JavaScript %s)", (javaScript) => {
  it("is at most four screens tall, the most used first, the rest one tap away", async () => {
    const context = await browser.context({ javaScript, timezoneId: "UTC" });
    await context.addCookies([{ ...streamer, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto("/influencer/dashboard");
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Each part's height, to say what grew when the page is too tall.
    const parts = await page
      .locator("main > *")
      .evaluateAll((all) =>
        all.map(
          (part) => `${part.textContent?.trim().slice(0, 24)}: ${Math.round(part.getBoundingClientRect().height)}`,
        ),
      );
    expect(height, parts.join("\n")).toBeLessThanOrEqual(4 * PHONE.height);
    const headings = await page
      .locator("main h2")
      .evaluateAll((all) => all.filter((h) => h.getClientRects().length > 0).map((h) => h.textContent?.trim()));
    expect(headings.slice(0, 3)).toEqual(["Next slots", "Live queues", "Latest orders"]);
    const orders = page.getByRole("region", { name: "Orders", exact: true });
    expect(await orders.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "All orders" }).click();
    await orders.waitFor({ state: "visible" });
    await context.close();
  });
});
