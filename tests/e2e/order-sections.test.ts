import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { DEMO_STAR } from "./demo-fan";
import { demoSlot } from "./demo-rows";
import { freshFan } from "./staff";

/**
 * The fan's orders page on a 390 px phone, with JavaScript on and off: Upcoming, Past and Cancelled sections, each
 * paged on its own by plain links, and a checkout never completed listed apart. The fan is a fresh account, and the
 * demo star's slots it books are removed afterwards, so other files see the demo world as seeded.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;

let fan: Awaited<ReturnType<typeof freshFan>>;
const slotIds: string[] = [];

async function book(startsInHours: number, status: "confirmed" | "cancelled" | "expired", order = {}) {
  const startsAt = Math.floor((Date.now() + startsInHours * HOUR) / 1000) * 1000 + Math.floor(Math.random() * 1000);
  const { slotId } = await demoSlot(startsAt, 2);
  slotIds.push(slotId);
  return createBooking(e2eD1, { id: slotId, influencerId: DEMO_STAR }, fan.id, status, 1, null, order);
}

beforeAll(async () => {
  fan = await freshFan("sections");
  for (let i = 0; i < 11; i++) await book(48 + 24 * i, "confirmed");
  await book(-72, "confirmed");
  await book(200, "cancelled", { status: "paid", paidAt: new Date() });
  await book(220, "expired", { status: "cancelled" });
});

afterAll(() => {
  const slots = slotIds.map((id) => `'${id}'`).join(", ");
  queryE2E(
    `DELETE FROM booking_gamertags WHERE booking_id IN (SELECT id FROM bookings WHERE slot_id IN (${slots}));
     DELETE FROM bookings WHERE slot_id IN (${slots});
     DELETE FROM orders WHERE user_id = '${fan.id}';
     DELETE FROM slots WHERE id IN (${slots});`,
  );
});

describe.each([true, false])("the orders page in sections on a phone (JavaScript %s)", (javaScript) => {
  it("shows each section, pages Upcoming on its own, and fits the screen", async () => {
    const context = await browser.context({ javaScript });
    await context.addCookies([{ ...fan.cookie, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto("/profile");

    const headings = page.locator("#orders section > h3");
    await expect
      .poll(() => headings.allTextContents())
      .toEqual(["Upcoming (11)", "Past (1)", "Cancelled (1)", "Checkout not completed (1)"]);
    const cards = (section: string) => page.locator(`#orders-${section} [data-testid="order"]`);
    expect(await cards("upcoming").count()).toBe(10);
    expect(await cards("past").getByRole("link", { name: "Review this session" }).count()).toBe(1);
    expect(await cards("unpaid").getByRole("link", { name: "Download invoice (PDF)" }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("navigation", { name: "Upcoming pages" }).getByRole("link", { name: "Next →" }).click();
    await page.waitForURL("**/profile?upcomingPage=2#orders-upcoming");
    await expect.poll(() => cards("upcoming").count()).toBe(1);
    await expect
      .poll(() => page.getByRole("navigation", { name: "Upcoming pages" }).locator("span").textContent())
      .toBe("Page 2 of 2");
    expect(await cards("past").count()).toBe(1);
    expect(await cards("cancelled").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
