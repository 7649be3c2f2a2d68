import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

/** Launch flags for Debian's Chromium on a machine with no outside network (STACK-NOTES.md). */
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
