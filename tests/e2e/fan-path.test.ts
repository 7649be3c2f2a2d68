import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_STAR, logInAsDemoFan, signedIn } from "./demo-fan";
import { demoSlot, paidDemoBooking, userWithPassword } from "./demo-rows";

/**
 * A fan's path on a 390 x 844 phone, JavaScript on and off: searching for a streamer by name from the header and
 * from /browse, every demo gig page offering "Book" in the first screen, a refused booking answered at the form, and
 * joining a waitlist without losing the place on the page.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 230);
const PHONE = { width: 390, height: 844 };

async function phonePage(javaScript: boolean): Promise<Page> {
  const context = await newContext(javaScript);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return page;
}

/** The live gigs of the streamer with this full name, by title. */
function gigTitlesOf(fullName: string): string[] {
  return queryE2E<{ title: string }>(
    `SELECT p.title FROM products p JOIN users u ON u.id = p.influencer_id
     WHERE u.full_name = '${fullName}' AND p.archived_at IS NULL`,
  ).map((row) => row.title);
}

async function gigCardTitles(page: Page): Promise<string[]> {
  return page.getByTestId("gig-card").locator("h3").allInnerTexts();
}

/** The element's box lies within the phone's first screen (the viewport as it is now). */
async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

describe.each([true, false])("search on a phone (JavaScript %s)", (javaScript) => {
  it("opens a full-width header field with visible text, and a streamer's name finds their gigs", async () => {
    const page = await phonePage(javaScript);
    await page.goto("/browse?filter=gigs");
    const box = page.getByRole("combobox", { name: "Search games, gigs and streamers" });
    // The icon is the field's label: tapping it focuses the field, which opens across the header (CSS only).
    await page.locator("label.header-search-icon").click();
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await box.fill("Demo Star");
    const shown = await box.evaluate((input) => {
      const style = getComputedStyle(input);
      const rect = input.getBoundingClientRect();
      return {
        width: rect.width,
        left: rect.left,
        opacity: style.opacity,
        color: style.color,
        bg: style.backgroundColor,
      };
    });
    expect(shown.width).toBeGreaterThanOrEqual(200);
    expect(shown.left).toBeGreaterThanOrEqual(0);
    expect(shown.opacity).toBe("1");
    expect(shown.color).not.toBe(shown.bg);
    expect(await box.inputValue()).toBe("Demo Star");

    if (javaScript) {
      // Suggestions as wide as the screen, each labelled with its kind.
      const option = page.getByRole("option", { name: /^Streamer\s*Demo Star/ });
      await option.waitFor();
      const list = await page.getByRole("listbox", { name: "Suggestions" }).boundingBox();
      expect(list?.width ?? 0).toBeGreaterThanOrEqual(PHONE.width - 32);
    }

    await box.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("searchField") === "Demo Star");
    const expected = gigTitlesOf("Demo Star");
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(async () => (await gigCardTitles(page)).sort()).toEqual(expect.arrayContaining(expected));
    // The suggestions closed on the results rather than covering them.
    await page.getByRole("listbox", { name: "Suggestions" }).waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("has a search field of its own on /browse (a GET form) that finds a streamer's gigs by name", async () => {
    const page = await phonePage(javaScript);
    await page.goto("/browse");
    const field = page.getByRole("searchbox", { name: "Search by title, streamer, game or tag" });
    await field.fill("Arjun Mehta");
    await page.getByRole("search", { name: "Search this list" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("searchField") === "Arjun Mehta");
    const expected = gigTitlesOf("Arjun Mehta");
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(async () => (await gigCardTitles(page)).sort()).toEqual(expect.arrayContaining(expected));
    await page.context().close();
  });
});

describe("the gig page on a phone", () => {
  it("shows title, streamer, price and Book in the first screen of every demo gig; Book leads to the picker", async () => {
    const page = await phonePage(false);
    const gigs = queryE2E<{ id: string }>(
      `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL ORDER BY id`,
    );
    expect(gigs.length).toBeGreaterThan(0);
    for (const { id } of gigs) {
      await page.goto(`/gig/${id}`);
      for (const part of [
        page.getByRole("heading", { level: 1 }),
        page.getByRole("link", { name: "Demo Star" }).first(),
        page.getByTestId("price"),
      ]) {
        expect(await inViewport(part), `${id}: in the first screen`).toBe(true);
      }
      // One "Book" shows on a phone: the bar at the bottom of the screen (the box under the title keeps the price).
      const book = page.getByRole("link", { name: "Book", exact: true });
      if ((await book.count()) === 0) continue; // no upcoming slot: nothing to book
      expect(await book.count(), `${id}: one Book shown`).toBe(1);
      expect(await inViewport(book), `${id}: Book in the first screen`).toBe(true);
      // The bar is opaque: the page scrolling under it does not show through.
      const barColor = await page.locator(".price-bar").evaluate((bar) => getComputedStyle(bar).backgroundColor);
      expect(barColor, `${id}: the bar's background`).not.toMatch(/rgba\(.*,\s*0?\.\d+\)|\/ 0?\.\d+\)/);
      // The zone is named once, not on every time.
      expect(await page.getByText(/^Times in /).count()).toBe(1);
    }
    const [withSlots] = queryE2E<{ id: string }>(
      `SELECT p.id FROM products p WHERE p.influencer_id = '${DEMO_STAR}' AND p.archived_at IS NULL
       AND EXISTS (SELECT 1 FROM slots s WHERE s.product_id = p.id AND s.starts_at > ${Date.now()}) ORDER BY p.id LIMIT 1`,
    );
    if (!withSlots) throw new Error("no demo gig with upcoming slots");
    await page.goto(`/gig/${withSlots.id}`);
    await page.getByRole("link", { name: "Book", exact: true }).first().click();
    await page.waitForURL(/#booking$/);
    expect(await inViewport(page.getByText(/^Times in /))).toBe(true);
    await page.context().close();
  });
});

describe.each([false, true])("the picker's date strip on a phone (JavaScript %s)", (javaScript) => {
  it("shows one date's times at first, and a date tapped in the strip shows its own", async () => {
    // A gig with times on several dates (the demo star's gigs each have a few weeks of slots).
    const [gig] = queryE2E<{ id: string }>(
      `SELECT p.id FROM products p JOIN slots s ON s.product_id = p.id
       WHERE p.influencer_id = '${DEMO_STAR}' AND p.archived_at IS NULL AND s.starts_at > ${Date.now() + 3_600_000}
       GROUP BY p.id HAVING COUNT(DISTINCT s.starts_at / 86400000) > 2 ORDER BY p.id LIMIT 1`,
    );
    if (!gig) throw new Error("no demo gig with times on three dates");
    const page = await phonePage(javaScript);
    await page.goto(`/gig/${gig.id}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    const days = form.locator("[data-day]");
    expect(await days.count()).toBeGreaterThan(1);
    // At first: the date of the time already chosen (the first bookable one), alone.
    await expect.poll(() => form.locator("[data-day]:visible").count()).toBe(1);
    expect(await form.locator("[data-day]:visible").locator('input[name="slotId"]').first().isChecked()).toBe(true);
    // The strip's last date, a 44 px target, shows that date's times under its heading (and still the chosen one's).
    const strip = form.getByRole("navigation", { name: "Dates" }).getByRole("link");
    const last = strip.last();
    const label = (await last.textContent()) ?? "";
    expect((await last.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await last.click();
    const picked = days.last();
    await picked.getByRole("heading", { name: label }).waitFor();
    expect(await inViewport(picked.getByRole("heading", { name: label }))).toBe(true);
    const alsoChosen = (await picked.locator("input:checked").count()) === 0;
    expect(await form.locator("[data-day]:visible").count()).toBe(alsoChosen ? 2 : 1);
    await page.context().close();
  });
});

describe("forms that keep the fan in place", () => {
  it("without JavaScript, a refused booking lands at the form with its error summary in view", async () => {
    const { gigId, slotId } = await demoSlot(
      Date.now() + 5 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000,
      3,
    );
    const page = await phonePage(false);
    await logInAsDemoFan(page);
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    await form.getByLabel("Gamer tag of player 1").fill("");
    await form.getByRole("button", { name: "Book now" }).click();
    const summary = page.getByRole("form", { name: "Book a slot" }).getByRole("alert");
    await summary.waitFor();
    expect(new URL(page.url()).hash).toBe("#booking");
    expect(await inViewport(summary)).toBe(true);
    // The summary links to the field in error.
    expect(await summary.getByRole("link").first().getAttribute("href")).toMatch(/^#booking-multipleGamerTags/);
    await page.context().close();
  });

  it("with JavaScript, joining the waitlist keeps the scroll position", async () => {
    const holder = await userWithPassword({ fullName: "Phone Holder", country: "IN" }, "Wait-list-2026");
    const { gigId, slotId } = await demoSlot(
      Date.now() + 6 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000,
      1,
    );
    await paidDemoBooking(slotId, holder.id, 50_000);
    // A fan of its own: the demo fan's waitlist places belong to the waitlist journey's test.
    const fan = await userWithPassword({ fullName: "Phone Waiter", country: "IN" }, "Wait-list-2026");
    const page = await phonePage(true);
    await page.goto("/login");
    await page.getByLabel("Email").fill(fan.email ?? "");
    await page.getByLabel("Password").fill("Wait-list-2026");
    await page.getByRole("button", { name: "Log in" }).click();
    await signedIn(page);
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const join = page.locator(`[data-slot="${slotId}"]`).getByRole("button", { name: "Join the waitlist" });
    // The button scrolled to the middle of the screen once the page has settled (hydration's scroll restoration may
    // move it back first): the page is then well down from its top, where the old jump would have sent it. Not
    // "if needed": the button may already show at the bottom of the first screen, leaving the page near its top.
    await expect
      .poll(async () => {
        await join.evaluate((button) => button.scrollIntoView({ block: "center" }));
        return page.evaluate(() => window.scrollY);
      })
      .toBeGreaterThan(200);
    const before = await page.evaluate(() => window.scrollY);
    await join.click();
    await page.getByText("You joined the waitlist: you are number 1 in line").waitFor();
    const status = page.locator(`[data-slot="${slotId}"]`).getByText("You are on its waitlist");
    await status.waitFor();
    // The page stays where the fan was (it once jumped ~3,000 px to the top): at most the shift of the time's tile
    // changing its words, with the fan's new status on screen.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(100);
    const box = await status.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    expect(
      queryE2E<{ status: string }>(
        `SELECT status FROM waitlist_entries WHERE slot_id = '${slotId}' AND user_id = '${fan.id}'`,
      ),
    ).toEqual([{ status: "waiting" }]);
    await page.context().close();
  });
});
