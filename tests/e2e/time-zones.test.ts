import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parsePage } from "../support/page";
import { rendered, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_STAR, signedIn } from "./demo-fan";
import { demoSlot } from "./demo-rows";
import { codeIn, latestEmail } from "./outbox";

/**
 * Times in the viewer's zone from the first byte (docs/decisions/019-viewer-time-zone.md): a new fan in India and
 * one in New York, JavaScript on and off, walk gig page -> booking -> order -> confirmation email. Every time of
 * their slot reads the same, in their zone and named as people say it, and no time text changes on hydration.
 */
const browser = setupBrowser();

const ZONES = {
  "Asia/Kolkata": { firstIp: 200, name: /India Standard Time \(IST\)/ },
  "America/New_York": { firstIp: 220, name: /Eastern (?:Standard|Daylight) Time \(E[SD]T\)/ },
} as const;
type Zone = keyof typeof ZONES;

/** A fresh open slot on the demo star's first gig, four days ahead at 18:00 UTC (23:30 in India). */
async function freshSlot() {
  const day = new Date(Date.now() + 4 * 86_400_000);
  const sixPm = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 18, 0);
  // A minute of that hour the star has no slot at yet (one slot per start time), so the page shows only this one.
  const taken = new Set(
    queryE2E<{ starts_at: number }>(
      `SELECT starts_at FROM slots WHERE influencer_id = '${DEMO_STAR}' AND starts_at BETWEEN ${sixPm} AND ${sixPm + 59 * 60_000}`,
    ).map((row) => row.starts_at),
  );
  const minute = Array.from({ length: 59 }, (_, i) => i + 1).find((m) => !taken.has(sixPm + m * 60_000));
  if (minute === undefined) throw new Error("every minute of the hour has a slot");
  const startsAt = sixPm + minute * 60_000;
  return { ...(await demoSlot(startsAt, 3)), startsAt: new Date(startsAt) };
}

/** The wall-clock start in the zone, "23:30", as the page must show it. */
const clock = (at: Date, zone: Zone) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

/** The <time> texts of a page as the server sent it. */
function serverTimes(html: string): string[] {
  return parsePage(html)
    .all("time")
    .map((time) => time.textContent ?? "");
}

/** Opens a page and checks that, once React has hydrated it, every time reads as the server wrote it. */
async function openAndCompare(page: Page, path: string, javaScript: boolean): Promise<void> {
  const response = await page.goto(path);
  const html = (await response?.text()) ?? "";
  await rendered(page);
  if (javaScript) {
    // React marks the DOM nodes it has hydrated; wait for the page's times to be hydrated.
    await page.waitForFunction(() => {
      const time = document.querySelector("time");
      return !time || Object.keys(time).some((key) => key.startsWith("__reactFiber"));
    });
  }
  expect(await page.locator("time").allTextContents()).toEqual(serverTimes(html));
}

async function signUp(page: Page, tag: string) {
  const id = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toLowerCase();
  const account = { username: `tz_${id}`, email: `tz.${id}@example.com`, password: "E2e-pass-2026" };
  await page.goto("/signup");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Country").selectOption("US");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  await page.getByLabel("Verification code").fill(codeIn(await latestEmail(account.email, /Verify/)));
  await page.getByRole("button", { name: "Verify" }).click();
  await signedIn(page);
  return account;
}

describe.each([
  ["Asia/Kolkata", true],
  ["Asia/Kolkata", false],
  ["America/New_York", true],
  ["America/New_York", false],
] as [Zone, boolean][])("a new fan in %s (JavaScript %s)", (zone, javaScript) => {
  it("sees one time everywhere, in their zone: gig page, booking, order, email", async () => {
    const newContext = contexts(browser, zone, ZONES[zone].firstIp + (javaScript ? 0 : 10));
    const context = await newContext(javaScript);
    const page = await context.newPage();
    const account = await signUp(page, `${zone.slice(0, 3)}${javaScript ? "js" : "nojs"}`);

    // With JavaScript, sign-up saved the browser's zone; without, the fan picks it on the profile (a plain form).
    if (!javaScript) {
      await page.goto("/profile");
      await page.locator("#timeZone").selectOption(zone);
      await page.getByRole("button", { name: "Save time zone" }).click();
      await page.getByText("Time zone saved").first().waitFor();
    }
    const [saved] = queryE2E<{ time_zone: string | null }>(
      `SELECT time_zone FROM users WHERE email = '${account.email}'`,
    );
    expect(saved?.time_zone).toBe(zone);

    // The gig page: the slot's time in the fan's zone, named, the same before and after hydration.
    const { gigId, slotId, startsAt } = await freshSlot();
    await openAndCompare(page, `/gig/${gigId}?slot=${slotId}`, javaScript);
    const form = page.getByRole("form", { name: "Book a slot" });
    // The picker names the zone once ("Times in ...") and gives each time as a clock range.
    const pickedTime = (await form.locator(`label:has(input[value="${slotId}"]) time`).textContent()) ?? "";
    expect(pickedTime).toContain(clock(startsAt, zone));
    const named = (await form.getByText(/^Times in /).textContent()) ?? "";
    expect(named).toMatch(ZONES[zone].name);
    expect(named).not.toMatch(/Asia\/|America\/|Calcutta|UTC/);

    // Book it by card on the Stripe stand-in.
    await expect.poll(() => form.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    await form.getByLabel("Gamer tag of player 1").fill("ZoneFan");
    await form.getByRole("radio", { name: "Card" }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText("Payment received: you are booked").waitFor();

    // The order: the same text.
    const [order] = queryE2E<{ id: string }>(
      `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE o.slot_id = '${slotId}' AND u.email = '${account.email}'`,
    );
    if (!order) throw new Error("no order");
    await openAndCompare(page, `/profile/orders/${order.id}`, javaScript);
    const slotTime = (await page.locator(`[data-order-id="${order.id}"] time`).textContent()) ?? "";
    expect(slotTime).toContain(pickedTime);
    expect(slotTime).toMatch(ZONES[zone].name);

    // The confirmation email: the same text, in the fan's saved zone.
    const email = await latestEmail(account.email, /Booking confirmed/);
    expect(email.text).toContain(slotTime);
    await context.close();
  });
});
