import { describe, expect, it } from "vitest";
import { baseURL, setupBrowser, visible } from "./browser";
import { queryE2E } from "./db";

const browser = setupBrowser();

function countByMessage(marker: string): number {
  const rows = queryE2E<{ n: number }>(
    `SELECT count(*) AS n FROM contact_submissions WHERE message LIKE '%${marker}%'`,
  );
  return rows[0]?.n ?? -1;
}

describe.each([true, false])("contact form (JavaScript %s)", (javaScript) => {
  it("stores a valid submission and confirms it", async () => {
    const marker = `marker-${javaScript ? "js" : "nojs"}-${Date.now()}`;
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    await page.goto("/contact-us");
    await page.getByLabel("Name").fill("Riya Sharma");
    await page.getByLabel("Email").fill("riya@example.com");
    await page.getByLabel("Subject").fill("Booking question");
    await page.getByLabel("Message").fill(`Can I book two seats on one slot? ${marker}`);
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Form submitted successfully!").first().waitFor();
    expect(countByMessage(marker)).toBe(1);
    await page.close();
  });

  it("shows clear messages for bad input and stores nothing", async () => {
    const marker = `bad-${javaScript ? "js" : "nojs"}-${Date.now()}`;
    const context = await browser.context({ javaScript });
    const page = await context.newPage();
    await page.goto("/contact-us");
    await page.getByLabel("Name").fill("R");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Subject").fill("Hi there");
    await page.getByLabel("Message").fill(`short ${marker}`.slice(0, 9));
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await visible(page.getByText("Please enter your name"));
    await visible(page.getByText("Message must be at least 10 characters"));
    // What the user typed is kept.
    expect(await page.getByLabel("Subject").inputValue()).toBe("Hi there");
    expect(countByMessage(marker.slice(0, 9))).toBe(0);
    await page.close();
  });
});

describe("POST /api/post/submit-form", () => {
  it("refuses a cross-origin post", async () => {
    const response = await fetch(`${baseURL()}/api/post/submit-form`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ name: "Eve", email: "eve@example.com", subject: "Hello", message: "Cross-site message" }),
    });
    expect(response.status).toBe(403);
  });
});
