import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addBookingGamertags } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { paidDemoBooking } from "./demo-rows";
import { freshFan } from "./staff";

/**
 * The streamer's business as a new user would try it, JavaScript on and off: the demo streamer adds a gig
 * with a cover image, adds a month of weekly slots, sees a fan's booking on the calendar and in orders,
 * reads earnings on the dashboard, archives the gig and submits onboarding with both files.
 */
const browser = setupBrowser();
const STREAMER = { email: "influencer@demo.noobrd.gg", password: "Demo-pass-2026", id: "usr_demo_influencer" };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF");

let ipCounter = 40;
async function newContext(javaScript: boolean): Promise<BrowserContext> {
  const context = await browser.context({ javaScript, timezoneId: "UTC" });
  ipCounter += 1;
  await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.51.100.${ipCounter}` });
  return context;
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
function one<T>(sql: string): T {
  const [row] = queryE2E<T>(sql);
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(STREAMER.email);
  await page.getByLabel("Password").fill(STREAMER.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/influencer/dashboard");
}

async function hydrated(page: Page, javaScript: boolean) {
  if (javaScript) await page.locator("form[data-hydrated]").first().waitFor();
}

/** A date `days` from today, YYYY-MM-DD (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A paid booking of one seat by a new American fan (a card payment in dollars, as the booking flow would leave it for
 * them), with a gamer tag. Not the demo fan: they live in India and pay in rupees (tests/e2e/currency.test.ts).
 */
async function bookAsFan(slotId: string, gamertag: string) {
  const fanId = (await freshFan("booker")).id;
  const booking = await paidDemoBooking(slotId, fanId, 1500, "USD");
  await addBookingGamertags(e2eD1, booking.id, [gamertag]);
}

/** 1. A gig with a cover image, tags (a repeat ignored) and a 45-minute session; answers its id. */
async function addAGigWithACover(page: Page, javaScript: boolean, title: string) {
  const valorant = one<{ id: string }>("SELECT id FROM games WHERE name = 'Valorant'").id;
  const mode = one<{ id: string }>(
    `SELECT id FROM game_modes WHERE game_id = '${valorant}' AND name = 'Competitive'`,
  ).id;
  const pc = one<{ id: string }>("SELECT id FROM platforms WHERE platform_id_name = 'pc'").id;
  await page.goto("/influencer/products/new");
  await hydrated(page, javaScript);
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Description/).fill("Climb with me in ranked. Bring comms.");
  await page.getByLabel("Game", { exact: true }).selectOption(valorant);
  await page.getByLabel("Mode", { exact: true }).selectOption(mode);
  await page.getByLabel("Platform", { exact: true }).selectOption(pc);
  await page.getByLabel(/^Price/).fill("1500");
  await page.getByLabel("Requirement 1 name").fill("Rank");
  await page.getByLabel("Requirement 1 value").fill("Gold or above");
  await fillTags(page, javaScript);
  await page.getByLabel(/^Cover image/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
  if (javaScript) await page.getByAltText("Gig cover").waitFor();
  await page.getByLabel("How long a session lasts").selectOption("45");
  await page.getByRole("button", { name: "Add gig" }).click();
  await page
    .waitForURL((url) => url.pathname === "/influencer/products" && !url.search)
    .catch(async (error) => {
      throw new Error(`${error}\n${(await page.locator(".text-red-400").allInnerTexts()).join(" / ")} ${page.url()}`);
    });
  const card = page.getByRole("listitem").filter({ hasText: title });
  await card.waitFor();
  expect(await card.locator("img").getAttribute("src")).toMatch(/^\/media\/gigs\//);
  expect((await card.innerText()).match(/#\w+/g)?.sort()).toEqual(["#duo", "#ranked"]);
  return one<{ id: string }>(`SELECT id FROM products WHERE title = ${sqlText(title)}`).id;
}

/** The tags "ranked", "duo" and "ranked" again: chips with JavaScript, a comma list without. */
async function fillTags(page: Page, javaScript: boolean) {
  const tags = page.getByLabel("Tags", { exact: true });
  if (!javaScript) return tags.fill("ranked, duo, ranked");
  await tags.fill("ranked");
  await tags.press("Enter");
  await tags.fill("ranked");
  await tags.press("Enter");
  await tags.fill("duo,");
  await expect.poll(() => page.getByRole("list", { name: "Added tags" }).locator("li").count()).toBe(2);
}

/** 2. A month of weekly slots (4) at 03:17 UTC, each as long as the gig's session; answers the first slot's id. */
async function addAMonthOfWeeklySlots(page: Page, javaScript: boolean, gigId: string) {
  const date = inDays(javaScript ? 60 : 61);
  await page.goto(`/influencer/calendar-dashboard?gig=${gigId}`);
  await hydrated(page, javaScript);
  await page.getByLabel("Gig", { exact: true }).selectOption(gigId);
  await page.getByLabel("Date").fill(date);
  await page.getByLabel("Start time").fill("03:17");
  await page.getByLabel("Time zone").selectOption("UTC");
  await page.getByLabel(/^Repeat weekly/).fill("3");
  await page.getByRole("button", { name: "Add slots" }).click();
  const [year, month] = date.split("-").map(Number);
  await page.waitForURL(
    (url) => url.searchParams.get("month") === String(month) && url.searchParams.get("year") === String(year),
  );
  const slots = queryE2E<{ id: string; starts_at: number; ends_at: number }>(
    `SELECT id, starts_at, ends_at FROM slots WHERE product_id = '${gigId}' ORDER BY starts_at`,
  );
  expect(slots).toHaveLength(4);
  expect(slots.map((slot) => (slot.ends_at - slot.starts_at) / 60_000)).toEqual([45, 45, 45, 45]);
  expect(new Date(slots[0]?.starts_at ?? 0).toISOString()).toBe(`${date}T03:17:00.000Z`);
  expect((slots[1]?.starts_at ?? 0) - (slots[0]?.starts_at ?? 0)).toBe(7 * 86_400_000);
  return slots[0]?.id ?? "";
}

/** 3. A fan's booking (with their gamer tag) appears on the calendar and in the dashboard's orders. */
async function aFansBookingShowsOnTheCalendarAndInOrders(page: Page, slotId: string, title: string, tag: string) {
  await bookAsFan(slotId, tag);
  await page.reload();
  const slotCard = page.locator(`#slot-${slotId}`);
  await expect.poll(() => slotCard.innerText()).toContain("1 of 4 seats taken");
  expect(await slotCard.innerText()).toContain(tag);
  await page.goto("/influencer/dashboard");
  // The full list is folded on the dashboard (its first screen is today's slots, live and the latest orders).
  await page.locator("summary", { hasText: "All orders" }).click();
  const orders = page.getByRole("region", { name: "Orders", exact: true });
  expect(await orders.innerText()).toContain(title);
  expect(await orders.innerText()).toContain(tag);
}

/** 4. Earnings as figures, and on the chart (drawn with JavaScript) with its axis in rupees, readable on dark. */
async function earningsReadAsFiguresAndChart(page: Page, javaScript: boolean) {
  const earnings = page.getByRole("region", { name: "Earnings", exact: true });
  expect(await earnings.getByRole("table").innerText()).toMatch(/Last 7 days\s+₹[\d,.]+ net \(₹[\d,.]+ paid/);
  if (!javaScript) {
    expect(await page.getByTestId("earnings-chart").locator("svg").count()).toBe(0);
    return;
  }
  // The axis reads in the orders' currency (compact rupees first), not raw numbers.
  const yLabels = page.getByTestId("earnings-chart").first().locator(".ct-label.ct-vertical");
  await yLabels.first().waitFor();
  await expect.poll(async () => (await yLabels.allInnerTexts()).join(" ")).toMatch(/₹/);
  // Readable on the dark card: light label text, not Chartist's default dark grey.
  const color = await yLabels.first().evaluate((label) => getComputedStyle(label).color);
  expect(color).toBe("rgb(212, 212, 216)");
}

/** 5. Archiving asks first (nothing archived yet), then moves the gig to the inactive list and off its public page. */
async function archiveTheGig(page: Page, gigId: string, title: string) {
  await page.goto("/influencer/products");
  await page.getByRole("button", { name: `Archive ${title}` }).click();
  // It asks first (app/lib/confirm.ts): a dialog with JavaScript, a confirmation step without.
  await page.getByRole("button", { name: "Yes, archive" }).waitFor();
  expect(
    queryE2E<{ archived_at: number | null }>(`SELECT archived_at FROM products WHERE id = '${gigId}'`)[0]?.archived_at,
  ).toBeNull();
  await page.getByRole("button", { name: "Yes, archive" }).click();
  await page.waitForURL((url) => url.searchParams.get("tab") === "inactive");
  await page.getByRole("listitem").filter({ hasText: title }).waitFor();
  expect((await page.request.get(`/gig/${gigId}`)).status()).toBe(404);
}

/** 6. Onboarding with both files (the demo streamer starts unverified here): submitted, the account number masked. */
async function submitOnboardingWithBothFiles(page: Page, javaScript: boolean) {
  queryE2E(`DELETE FROM bank_details WHERE user_id = '${STREAMER.id}'`);
  await page.goto("/influencer/onboarding");
  await hydrated(page, javaScript);
  await page.getByLabel("Full name").fill("Demo Streamer");
  await page.getByLabel("Gaming name").fill("DemoPlays");
  await page.getByLabel("Mobile number").fill("+1 555 010 2030");
  await page.getByLabel("T-shirt size").selectOption("M");
  await page.getByLabel("Address").fill("1 Demo Street");
  await page.getByLabel("Account holder name").fill("Demo Streamer");
  await page.getByLabel("Bank name").fill("Demo Bank");
  await page.getByLabel("Country of the bank").selectOption("US");
  await page.getByLabel("Account number").fill("000123456789");
  await page.getByLabel("Bank identifier").selectOption("Routing Number");
  await page.getByLabel("Its value").fill("021000021");
  await page
    .getByLabel(/^Bank statement/)
    .setInputFiles({ name: "statement.pdf", mimeType: "application/pdf", buffer: PDF });
  await page
    .getByLabel(/^Signed agreement/)
    .setInputFiles({ name: "agreement.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Submit onboarding" }).click();
  await page.getByTestId("onboarding-status").filter({ hasText: "Submitted, waiting for verification" }).waitFor();
  expect(await page.locator("main").innerText()).toContain("••••••••6789");
}

/** The streamer reads their bank statement back; a signed-out visitor gets a 404 for it. */
async function onlyTheStreamerReadsTheStatement(page: Page, javaScript: boolean) {
  const statement = await page.request.get(`/onboarding/files/${STREAMER.id}/statement`);
  expect(statement.status()).toBe(200);
  expect(
    Buffer.from(await statement.body())
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  const anonymous = await newContext(javaScript);
  expect((await anonymous.request.get(`/onboarding/files/${STREAMER.id}/statement`)).status()).toBe(404);
  await anonymous.close();
}

describe.each([true, false])("the streamer's business (JavaScript %s)", (javaScript) => {
  it("adds a gig with a cover, adds weekly slots, sees a booking, reads earnings, archives, and onboards", async () => {
    const suffix = javaScript ? "JS" : "NoJS";
    const title = `E2E ranked duos ${suffix}`;
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logIn(page);
    const gigId = await addAGigWithACover(page, javaScript, title);
    const firstSlot = await addAMonthOfWeeklySlots(page, javaScript, gigId);
    await aFansBookingShowsOnTheCalendarAndInOrders(page, firstSlot, title, `Tag${suffix}`);
    await earningsReadAsFiguresAndChart(page, javaScript);
    await archiveTheGig(page, gigId, title);
    await submitOnboardingWithBothFiles(page, javaScript);
    await onlyTheStreamerReadsTheStatement(page, javaScript);
    await context.close();
  }, 240_000);
});
