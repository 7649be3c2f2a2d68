import { describe, expect, it } from "vitest";
import { baseURL, setupBrowser, visible } from "./browser";

const browser = setupBrowser();

const PAGES = [
  { path: "/terms-of-service", heading: /terms/i, keyPoints: true },
  { path: "/privacy-policy", heading: /privacy/i, keyPoints: true },
  { path: "/cancellation-policy", heading: /cancellation/i, keyPoints: false },
  { path: "/about-us", heading: /about/i, keyPoints: false },
];

describe.each([true, false])("content pages (JavaScript %s)", (javaScript) => {
  it.each(PAGES)("$path renders its content from the database", async ({ path, heading, keyPoints }) => {
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await visible(page.getByRole("heading", { level: 1, name: heading }));
    const text = ((await page.locator("main").textContent()) ?? "").trim();
    expect(text.length).toBeGreaterThan(800);
    if (keyPoints) {
      await visible(page.getByRole("heading", { name: "Key points" }));
      expect(await page.locator("main section h2").count()).toBeGreaterThan(2);
    }
    await page.close();
  });
});

describe("content API", () => {
  it("GET /api/get/user/termsAndPrivacy?type returns the document in docs/domain.md's structure", async () => {
    const response = await fetch(`${baseURL()}/api/get/user/termsAndPrivacy?type=mainPrivacyPolicy`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { keyPoints: string[]; sections: unknown[] } };
    expect(body.data.keyPoints.length).toBeGreaterThan(0);
    expect(body.data.sections.length).toBeGreaterThan(0);
  });

  it("refuses an unknown document type with 400", async () => {
    const response = await fetch(`${baseURL()}/api/get/user/termsAndPrivacy?type=nope`);
    expect(response.status).toBe(400);
  });

  it("GET /api/get/Faqs lists the FAQ", async () => {
    const response = await fetch(`${baseURL()}/api/get/Faqs`);
    const body = (await response.json()) as { data: { question: string; answer: string }[] };
    expect(body.data.length).toBeGreaterThan(5);
    expect(body.data[0]?.question).toBeTruthy();
  });
});
