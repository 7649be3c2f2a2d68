import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

/** Launch flags for Debian's Chromium on a machine with no outside network (a closed network: no background fetches). */
const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const baseURL = () => inject("baseURL");

/** One browser per test file; `context(js)` opens a fresh profile with JavaScript on or off. */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      chromiumSandbox: false,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async context({ javaScript, timezoneId }: { javaScript: boolean; timezoneId?: string }) {
      const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: javaScript, timezoneId });
      contexts.push(context);
      return context;
    },
  };
}

/**
 * Waits until the page shows the URL in the address bar. A client-side navigation changes the address bar
 * before React commits the new page (a render can take a while on a busy machine), so reading the page, or
 * choosing in one of its forms, right after `waitForURL` can hit the previous page. The root layout marks what
 * it rendered (`data-url` in app/root.tsx); this waits for that mark to match. Without JavaScript the page is
 * whole once loaded, and the mark matches at once.
 */
export async function rendered(page: Page) {
  await page.waitForFunction(() => {
    const shown = document.querySelector("[data-url]")?.getAttribute("data-url");
    if (shown == null) return false;
    const here = new URL(`${location.pathname}${location.search}`, location.origin).href;
    return new URL(shown, location.origin).href === here;
  });
}

/** Waits until the locator is visible (Playwright waits; `expect(await x.isVisible())` would not). */
export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "visible" });
}
