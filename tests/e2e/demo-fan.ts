import type { BrowserContext, Page } from "playwright-core";
import type { setupBrowser } from "./browser";

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

export async function logInAsDemoFan(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_FAN.email);
  await page.getByLabel("Password").fill(DEMO_FAN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await signedIn(page);
}
