import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { FAVOURITE_DELAY_MS } from "../../app/features/favourites/constants";
import { rendered, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { signedIn } from "./demo-fan";

const browser = setupBrowser();

const DEMO_FAN = { email: "fan@demo.noobrd.gg", password: "Demo-pass-2026", id: "usr_demo_fan" };

let ipCounter = 0;
/** A fresh browser profile with its own client address, so login rate limits of other files do not apply. */
async function newContext(javaScript: boolean): Promise<BrowserContext> {
  const context = await browser.context({ javaScript });
  ipCounter += 1;
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.51.100.${ipCounter}` });
  return context;
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO_FAN.email);
  await page.getByLabel("Password").fill(DEMO_FAN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await signedIn(page);
}

async function cardTitles(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator("h3").allInnerTexts();
}

async function prices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("gig-card").getByTestId("price").allInnerTexts();
  return texts.map((text) => Number(text.replace(/[^0-9.]/g, "")));
}

/**
 * Picks an option of a filter; with JavaScript the form applies itself, so wait for the URL to say so and for
 * the page to show it: the filter form is drawn again for each search, and a choice made in the previous
 * search's form (still on screen while React renders the new one) would be lost.
 */
async function choose(page: Page, javaScript: boolean, label: string, option: string, param: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (javaScript) {
    await page.waitForURL((url) => url.searchParams.get(param) === value);
    await settled(page, javaScript);
  }
}

async function apply(page: Page, javaScript: boolean, expected: Record<string, string>) {
  if (!javaScript) await page.getByRole("button", { name: "Apply filters" }).click();
  await page.waitForURL((url) => Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value));
  await settled(page, javaScript);
}

/** With JavaScript, waits for a client-side navigation to finish and React to show it; without, pages are whole. */
async function settled(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
      .__reactRouterDataRouter;
    return router?.state.navigation.state === "idle";
  });
  await rendered(page);
}

/** Waits until React runs the page (JavaScript on), so presses go to it rather than to the plain forms. */
async function hydrated(page: Page, javaScript: boolean) {
  if (javaScript) await page.locator('form[role="search"][data-hydrated], form[data-hydrated]').first().waitFor();
}

function gameId(name: string): string {
  const [row] = queryE2E<{ id: string }>(`SELECT id FROM games WHERE name = '${name.replaceAll("'", "''")}'`);
  if (!row) throw new Error(`no game ${name}`);
  return row.id;
}

describe.each([true, false])("browse (JavaScript %s)", (javaScript) => {
  it("filters by game and platform, sorts by price, and the URL reproduces the result", async () => {
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await page.goto("/browse");
    await hydrated(page, javaScript);
    expect(await page.getByTestId("gig-card").count()).toBe(15);
    const valorant = gameId("Valorant");
    await choose(page, javaScript, "Game", "Valorant", "selectedGame", valorant);
    await choose(page, javaScript, "Platform", "PC", "platform", "pc");
    await choose(page, javaScript, "Sort by", "Price: low to high", "sortBy", "lowToHigh");
    await apply(page, javaScript, { selectedGame: valorant, platform: "pc", sortBy: "lowToHigh" });
    const url = new URL(page.url());
    // With JavaScript the URL names only the filters in use; without it 'Any' stands for the others.
    if (javaScript)
      expect([...url.searchParams.keys()].sort()).toEqual(["filter", "platform", "selectedGame", "sortBy"]);
    const titles = await cardTitles(page, "gig-card");
    expect(titles.length).toBeGreaterThan(1);
    const listed = await prices(page);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
    const games = await page.getByTestId("gig-card").locator("p").first().allInnerTexts();
    expect(games.every((text) => /valorant/i.test(text))).toBe(true);
    // The same URL, loaded afresh, gives the same list.
    const again = await (await newContext(javaScript)).newPage();
    await again.goto(url.pathname + url.search);
    expect(await cardTitles(again, "gig-card")).toEqual(titles);
    await page.close();
    await again.close();
  });

  it("switches to creators and filters them by country", async () => {
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await page.goto("/browse");
    await hydrated(page, javaScript);
    await page.getByRole("link", { name: "Creators", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "creators");
    await settled(page, javaScript);
    await choose(page, javaScript, "Country", "India", "country", "IN");
    await apply(page, javaScript, { country: "IN" });
    const cards = page.getByTestId("star-card");
    expect(await cards.count()).toBeGreaterThan(1);
    for (const text of await cards.allInnerTexts()) expect(text).toContain("IN");
    await choose(page, javaScript, "Sort by", "Alphabetically", "sortBy", "alphabetically");
    await apply(page, javaScript, { country: "IN", sortBy: "alphabetically" });
    const names = await cardTitles(page, "star-card");
    expect([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }))).toEqual(names);
    await page.close();
  });

  it(javaScript ? "loads more results as the page scrolls" : "pages with next and previous links", async () => {
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await page.goto("/browse?sortBy=alphabetically");
    await hydrated(page, javaScript);
    const first = await cardTitles(page, "gig-card");
    expect(first).toHaveLength(15);
    if (javaScript) {
      await page.getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="gig-card"]').length > 15);
      const all = await cardTitles(page, "gig-card");
      expect(all.slice(0, 15)).toEqual(first);
      expect(all.length).toBeGreaterThan(15);
      expect(new Set(all).size === all.length || all.length > 15).toBe(true);
    } else {
      await page.getByRole("link", { name: "Next page" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      const second = await cardTitles(page, "gig-card");
      expect(second).toHaveLength(15);
      expect(second[0]).not.toBe(first[0]);
      await page.getByRole("link", { name: "Previous page" }).click();
      await page.waitForURL((url) => !url.searchParams.has("page") || url.searchParams.get("page") === "1");
      expect(await cardTitles(page, "gig-card")).toEqual(first);
    }
    await page.close();
  });

  it("shows full search results from the header box on /browse", async () => {
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await page.goto("/browse?filter=games");
    await hydrated(page, javaScript);
    await page.getByRole("combobox", { name: "Search games, gigs and streamers" }).fill("valorant");
    await page.getByRole("combobox", { name: "Search games, gigs and streamers" }).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("searchField") === "valorant");
    expect(new URL(page.url()).searchParams.get("filter")).toBe("games");
    // The address bar changes before React commits the new page: this test once read the cards in between
    // (all 12 games). Wait for the page to show the URL, and assert with retries all the same.
    await settled(page, javaScript);
    await expect.poll(() => cardTitles(page, "game-card")).toEqual(["Valorant"]);
    await page.close();
  });
});

describe("search suggestions (JavaScript)", () => {
  it("suggests games, gigs and stars after a 500 ms pause, tags live ones, cuts long names", async () => {
    const context = await newContext(true);
    const page = await context.newPage();
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/get/stars_gigs_search")) searches.push(request.url());
    });
    await page.goto("/browse");
    await hydrated(page, true);
    const box = page.getByRole("combobox", { name: "Search games, gigs and streamers" });
    await box.pressSequentially("valo", { delay: 60 });
    await page
      .getByRole("option", { name: /Valorant/ })
      .first()
      .waitFor();
    // One request for the whole word: the keystrokes came faster than the debounce.
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0] ?? "").searchParams.get("searchQuery")).toBe("valo");

    const [live] = queryE2E<{ full_name: string }>(
      "SELECT u.full_name FROM users u JOIN influencer_profiles p ON p.user_id = u.id WHERE u.live_session_id IS NOT NULL ORDER BY u.full_name LIMIT 1",
    );
    const liveName = live?.full_name ?? "";
    await box.fill(liveName);
    const option = page.getByRole("option", { name: new RegExp(liveName) }).first();
    await option.waitFor();
    expect(await option.textContent()).toContain("LIVE");

    await box.fill("crosshair placement");
    const long = page.getByRole("option").filter({ hasText: "Crosshair" }).first();
    await long.waitFor();
    expect(await long.textContent()).toContain("Crosshair placement …");

    await box.fill("valorant");
    await page.getByRole("option", { name: /^Game\s*Valorant/ }).click();
    await page.waitForURL(/\/game\//);
    await page.getByRole("heading", { level: 1, name: "Valorant" }).waitFor();
    await page.close();
  });
});

describe.each([true, false])("favourites (JavaScript %s)", (javaScript) => {
  function favouriteCount(gigId: string) {
    return (
      queryE2E<{ n: number }>(
        `SELECT count(*) AS n FROM favourite_gigs WHERE user_id = '${DEMO_FAN.id}' AND product_id = '${gigId}'`,
      )[0]?.n ?? -1
    );
  }

  it("adds and removes a gig with the product's toasts, and keeps it across logout and login", async () => {
    const offset = javaScript ? 3 : 4;
    const [gig] = queryE2E<{ id: string; title: string }>(
      `SELECT id, title FROM products WHERE archived_at IS NULL ORDER BY id LIMIT 1 OFFSET ${offset}`,
    );
    if (!gig) throw new Error("no gig");
    queryE2E(`DELETE FROM favourite_gigs WHERE user_id = '${DEMO_FAN.id}' AND product_id = '${gig.id}'`);
    const context = await newContext(javaScript);
    const page = await context.newPage();
    // Playwright's clock (time still flows): the 1-second undo window below is run through, not slept through.
    if (javaScript) await page.clock.install();

    // Visitors get a log-in link that comes back here.
    await page.goto(`/gig/${gig.id}`);
    await page.getByRole("link", { name: `Log in to add ${gig.title} to favourites` }).click();
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(DEMO_FAN.email);
    await page.getByLabel("Password").fill(DEMO_FAN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === `/gig/${gig.id}`);
    await hydrated(page, javaScript);

    const clicked = Date.now();
    const saved = javaScript ? page.waitForRequest((request) => request.url().includes("/api/save_favoriteGig")) : null;
    await page.getByRole("button", { name: `Add ${gig.title} to favourites` }).click();
    if (saved) {
      // The change is sent only after a second (FAVOURITE_DELAY_MS).
      await saved;
      expect(Date.now() - clicked).toBeGreaterThanOrEqual(950);
    }
    await page.getByText("Gig added to favorites").first().waitFor();
    expect(favouriteCount(gig.id)).toBe(1);
    await page.getByRole("button", { name: `Remove ${gig.title} from favourites` }).waitFor();

    if (javaScript) {
      // Remove, then change your mind within the second: nothing is sent, nothing changes.
      const removals: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/api/delete_favGigs")) removals.push(request.url());
      });
      await page.getByRole("button", { name: `Remove ${gig.title} from favourites` }).click();
      await page.getByRole("button", { name: `Add ${gig.title} to favourites` }).click();
      // Past the delay (FAVOURITE_DELAY_MS) at once: any removal still pending would be sent now.
      await page.clock.runFor(FAVOURITE_DELAY_MS + 500);
      // A removal sent by that timer would be on the wire now: wait until the network is quiet, then look.
      await page.waitForLoadState("networkidle");
      expect(removals).toEqual([]);
      expect(await page.getByText("Gig removed from favorites").count()).toBe(0);
      expect(favouriteCount(gig.id)).toBe(1);
    }

    // Favourites are rows: they are still there after logging out and in again.
    await page.getByRole("link", { name: "Log out" }).click();
    if (javaScript) await page.getByRole("dialog").getByRole("button", { name: "Yes, log out" }).click();
    else await page.getByRole("button", { name: "Yes, log out" }).click();
    await page.getByText("Sign up / Sign in").waitFor();
    await logIn(page);
    await page.goto("/browse?isFavClicked=true");
    expect(await cardTitles(page, "gig-card")).toContain(gig.title);

    await page.goto(`/gig/${gig.id}`);
    await hydrated(page, javaScript);
    await page.getByRole("button", { name: `Remove ${gig.title} from favourites` }).click();
    await page.getByText("Gig removed from favorites").first().waitFor();
    expect(favouriteCount(gig.id)).toBe(0);
    await page.close();
  });
});

describe("prices in the viewer's currency", () => {
  it("shows $ to a visitor and ₹ to the demo fan, whose country is IN", async () => {
    const [gig] = queryE2E<{ id: string; list_price_minor: number; base_currency: "USD" | "INR" }>(
      "SELECT id, list_price_minor, base_currency FROM products WHERE archived_at IS NULL ORDER BY popularity DESC LIMIT 1",
    );
    const [rate] = queryE2E<{ rate_micros: number }>("SELECT rate_micros FROM exchange_rates WHERE quote = 'INR'");
    if (!gig || !rate) throw new Error("no gig or rate");
    // The price as its streamer set it, shown in each viewer's currency by the one rule (docs/decisions/020).
    const list = { amountMinor: gig.list_price_minor, currency: gig.base_currency };
    const inCurrency = (code: "USD" | "INR") =>
      formatPrice(list, { code, usdInrMicros: rate.rate_micros, rateFetchedAt: null });
    const visitor = await (await newContext(false)).newPage();
    await visitor.goto(`/gig/${gig.id}`);
    expect(await visitor.getByTestId("price").textContent()).toBe(inCurrency("USD"));
    expect(inCurrency("USD")).toMatch(/^\$/);

    const fan = await (await newContext(true)).newPage();
    await logIn(fan);
    await fan.goto(`/gig/${gig.id}`);
    expect(await fan.getByTestId("price").textContent()).toBe(inCurrency("INR"));
    expect(inCurrency("INR")).toMatch(/^₹/);
    await visitor.close();
    await fan.close();
  });
});
