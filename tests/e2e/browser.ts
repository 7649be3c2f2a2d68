import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { ownServer } from "./own-server";

/**
 * Debian's headless shell (Chromium's old headless mode): the same engine as the full browser without its UI
 * layers, about a third less CPU per test file on a 2-core machine (scripts/ensure-chromium.sh installs it). Where
 * it could not be installed, Debian's full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_BROWSER = "/usr/bin/chromium";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** Launch flags for Debian's Chromium on a machine with no outside network (a closed network: no background fetches). */
const CHROMIUM_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The origin of this file's own server (tests/e2e/own-server.ts). */
export const baseURL = () => ownServer().baseURL;

/**
 * One browser per test file; `context(js)` opens a fresh profile with JavaScript on or off. `fullBrowser`: Debian's
 * full Chromium (or CHROMIUM_PATH) rather than the headless shell, for a file that needs what only the full browser
 * does: the headless shell ignores a granted notifications permission (`Notification.permission` stays "denied"),
 * so web push cannot be offered there.
 */
export function setupBrowser({ fullBrowser = false }: { fullBrowser?: boolean } = {}) {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: fullBrowser ? (process.env.CHROMIUM_PATH ?? FULL_BROWSER) : CHROMIUM,
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
    /** `base`: another origin of the same server (workerd's own socket, `ownServer().workerdURL`). */
    async context({ javaScript, timezoneId, base }: { javaScript: boolean; timezoneId?: string; base?: string }) {
      const context = await browser.newContext({
        baseURL: base ?? baseURL(),
        javaScriptEnabled: javaScript,
        timezoneId,
      });
      if (javaScript) context.on("page", hydrateAfterLoads);
      contexts.push(context);
      return context;
    },
  };
}

/**
 * Waits until React runs the app's page (the root layout marks it `data-hydrated`); a page that is not the app's
 * (the stand-ins' pages, a JSON answer) has no mark to wait for. Builds fetch the scripts after the first paint
 * (docs/decisions/017-first-paint-and-render-cost.md), so a page is readable and its forms work a moment before
 * React runs; what a test does with JavaScript on expects React's behaviour (a dialog, a live check).
 */
export async function hydrated(page: Page): Promise<void> {
  const ready = () => {
    const root = document.querySelector("[data-url]");
    return !root || root.hasAttribute("data-hydrated");
  };
  // Playwright runs the check again on the new document if the page navigates meanwhile (the zone cookie's reload).
  await page.waitForFunction(ready);
}

/**
 * With JavaScript on, `page.goto` and `page.reload` return once the page they loaded runs React, unless the test
 * asked to go on earlier (`waitUntil: "domcontentloaded"` or `"commit"`: it means to act before the scripts run).
 */
function hydrateAfterLoads(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const early = (waitUntil?: string) => waitUntil === "domcontentloaded" || waitUntil === "commit";
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    if (!early(args[1]?.waitUntil)) await hydrated(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    if (!early(args[0]?.waitUntil)) await hydrated(page);
    return response;
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

/** The page's uncaught errors and console errors, as they come (a test expects none). */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

/** Waits until the locator is visible (Playwright waits; `expect(await x.isVisible())` would not). */
export async function visible(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "visible" });
}
