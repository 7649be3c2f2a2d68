import { describe, expect, it } from "vitest";
import { baseURL, pageProblems, setupBrowser, visible } from "./browser";

const browser = setupBrowser();

describe.each([true, false])("page shell (JavaScript %s)", (javaScript) => {
  it("renders the landing page with header, sign-in menu and footer", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("Noobrd");
    await visible(page.getByRole("link", { name: "Noobrd home" }));
    await page.getByText("Sign up / Sign in").click();
    await visible(page.getByRole("link", { name: "Sign in" }));
    expect(await page.getByRole("link", { name: "Terms of service" }).count()).toBe(1);
    // Bell and avatar are for logged-in users only.
    expect(await page.getByRole("link", { name: "Notifications" }).count()).toBe(0);
    await page.close();
  });

  it("shows the fallback page with status 404 for an unknown path", async () => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await visible(page.getByRole("heading", { name: "Page not found" }));
    await visible(page.getByRole("link", { name: "Go home" }));
    await page.close();
  });
});

describe("first paint", () => {
  it("carries the stylesheet inline (no render-blocking request), kept through hydration and navigation", async () => {
    const context = await browser.context({ javaScript: true });
    const page = await context.newPage();
    const problems = pageProblems(page);
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/");
    // Hydrated: the header's search form marks itself once React runs.
    await page.locator('form[role="search"][data-hydrated]').waitFor({ state: "attached" });
    const header = page.locator("header").first();
    const styled = () => header.evaluate((element) => getComputedStyle(element).position);
    expect(await styled()).toBe("sticky");
    expect(
      await page.locator("style[data-app-css]").evaluate((style) => style.textContent?.length ?? 0),
    ).toBeGreaterThan(10_000);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Browse" }).click();
    await page.waitForURL(/\/browse/);
    await page.locator("main h1, h1").first().waitFor();
    expect(await styled()).toBe("sticky");
    expect(stylesheets).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("fetches the page's scripts after its first contentful paint, then hydrates without an error", async () => {
    const context = await browser.context({ javaScript: true });
    const page = await context.newPage();
    const problems = pageProblems(page);
    for (const path of ["/", "/browse"]) {
      await page.goto(path);
      await page.locator('form[role="search"][data-hydrated]').waitFor({ state: "attached" });
      const timeline = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timeline.paint, path).not.toBeNull();
      expect(timeline.scripts.length, path).toBeGreaterThan(3);
      for (const script of timeline.scripts) {
        expect(script.start, `${path}: ${script.name}`).toBeGreaterThanOrEqual(
          timeline.paint ?? Number.POSITIVE_INFINITY,
        );
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("security headers", () => {
  it("sends CSP with a nonce, nosniff and frame-ancestors on pages", async () => {
    const response = await fetch(`${baseURL()}/about-us`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("answers unknown API paths with JSON 404", async () => {
    const response = await fetch(`${baseURL()}/api/get/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: "Not found" });
  });
});
