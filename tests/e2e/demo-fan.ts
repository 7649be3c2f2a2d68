import type { BrowserContext, Page } from "playwright-core";
import { baseURL, type setupBrowser } from "./browser";
import { sessionsFor } from "./staff";

/** The seeded demo fan (scripts/seed/demo-accounts.ts) and the demo star whose gigs they book. */
export const DEMO_FAN = { email: "fan@demo.noobrd.gg", password: "Demo-pass-2026", id: "usr_demo_fan" };
export const DEMO_STAR = "usr_demo_influencer";

/**
 * A fresh browser profile in a time zone, from its own client address (login rate limits are per address):
 * `firstIp` keeps each test file on its own range.
 */
export function contexts(browser: ReturnType<typeof setupBrowser>, timezoneId: string, firstIp: number) {
  let ip = firstIp;
  return async (javaScript: boolean): Promise<BrowserContext> => {
    const context = await browser.context({ javaScript, timezoneId });
    ip += 1;
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.51.100.${ip}` });
    return context;
  };
}

/**
 * Waits until the page shows a signed-in header: its "Log out" is there, inline on a wide screen or inside the
 * phone's menu (where it is hidden until the menu opens), so the wait holds at any viewport.
 */
export function signedIn(page: Page) {
  return page.getByRole("link", { name: "Log out", includeHidden: true }).first().waitFor({ state: "attached" });
}

/**
 * Signs the page's profile in as the demo fan with a live session, as a login would leave it (one database write, no
 * login page): for tests whose subject comes after the login. The login form itself is walked by accounts.test.ts,
 * fan-path.test.ts and the other files that log in through it.
 */
export async function logInAsDemoFan(page: Page) {
  const [cookie] = await sessionsFor([DEMO_FAN.id]);
  if (!cookie) throw new Error("no session for the demo fan");
  await page.context().addCookies([{ ...cookie, url: baseURL() }]);
}
