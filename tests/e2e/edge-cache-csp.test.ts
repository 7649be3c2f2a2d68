import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, pageProblems, rendered, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { ownServer } from "./own-server";

/**
 * Catalogue pages answered from the edge cache carry a fresh nonce in their stored HTML and their CSP
 * (docs/decisions/012-edge-cache-and-read-replicas.md). In a real browser: the page runs, loads its scripts after the
 * first paint, hydrates and navigates with no CSP violation (Zod's eval probe included) and no error.
 */
const browser = setupBrowser();

/** CSP violations the page reports, from its first script on. */
const WATCH_VIOLATIONS = () => {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener("securitypolicyviolation", (event) => {
    seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
  });
};

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

function cataloguePaths(): string[] {
  const [gig] = queryE2E<{ id: string }>("SELECT id FROM products WHERE archived_at IS NULL ORDER BY id LIMIT 1");
  const [streamer] = queryE2E<{ id: string }>("SELECT influencer_id AS id FROM products ORDER BY id LIMIT 1");
  return ["/", "/browse", `/gig/${gig?.id}`, `/star/${streamer?.id}`];
}

/**
 * Each catalogue page, stored before by an anonymous request, then opened in the browser at `base`: a cached answer
 * (with `encoding` when given) under a strict nonce CSP, hydrated with no violation.
 */
async function walkCachedPages(page: Page, base: string, encoding?: string) {
  const context = page.context();
  for (const path of cataloguePaths()) {
    // Stored by an anonymous visitor before, with this browser's cookies (the tz hint's zone is in the variant). A
    // change of the page's data in between (an earlier file's waitlist hold running out, say) rightly stales the
    // stored answer: then it is stored again, at most three times.
    let response: Awaited<ReturnType<Page["goto"]>> = null;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
      await (await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).arrayBuffer();
      response = await page.goto(path);
      if (/^(?:HIT|STALE)$/.test((await response?.allHeaders())?.["x-edge-cache"] ?? "")) break;
    }
    expect(response?.status(), path).toBe(200);
    const headers = await response?.allHeaders();
    expect(headers?.["x-edge-cache"], path).toMatch(/^(?:HIT|STALE)$/);
    if (encoding) expect(headers?.["content-encoding"], path).toBe(encoding);
    const csp = headers?.["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(?:inline|eval)'/);
    await page.waitForLoadState("load");
    expect(await violations(page), path).toEqual([]);
    // Hydrated: the root layout marks itself once React runs (its scripts were allowed).
    await page.locator("div[data-url][data-hydrated]").waitFor({ state: "attached" });
    expect(await violations(page), path).toEqual([]);
  }
}

describe("catalogue pages served from the edge cache", () => {
  it("run, hydrate and navigate under their nonce CSP without a violation", async () => {
    // The server's zone for a visitor without the tz cookie: the browser agrees, so its hint script does not reload.
    const context = await browser.context({ javaScript: true, timezoneId: "UTC" });
    await context.addInitScript(WATCH_VIOLATIONS);
    const page = await context.newPage();
    const problems = pageProblems(page);
    await walkCachedPages(page, baseURL());
    // Client-side navigation from a cached page: route modules imported, data fetched, under the same policy.
    await page.goto("/");
    await page.locator("div[data-url][data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse" }).click();
    await page.waitForURL(/\/browse/);
    await rendered(page);
    expect(await violations(page)).toEqual([]);

    expect(problems).toEqual([]);
    await page.close();
  });

  it("arrive gzip-compressed as stored, with this answer's nonce spliced in, from workerd's own socket", async () => {
    // No Node relay there (vite preview's decompresses): the browser gets the bytes the Worker sent, as on Cloudflare.
    const base = ownServer().workerdURL;
    const context = await browser.context({ javaScript: true, timezoneId: "UTC", base });
    await context.addInitScript(WATCH_VIOLATIONS);
    const page = await context.newPage();
    const problems = pageProblems(page);
    await walkCachedPages(page, base, "gzip");
    expect(problems).toEqual([]);
    await page.close();
  });
});
