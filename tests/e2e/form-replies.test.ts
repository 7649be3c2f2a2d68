import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { demoSlot } from "./demo-rows";
import { loadSite, ROLES, type Role, type RoleCookies, SITE_PAGES, type SiteIds } from "./site-pages";

/**
 * Without JavaScript a refused form comes back as the person sent it (issue 50): every filled field keeps its text,
 * an empty one stays empty, and no box reads "undefined" or "null". Every page of the site (site-pages.ts), as each
 * role: each form that has a required text field is sent with that field left empty and every other text field
 * filled (the browser's own checks off, as an older browser or a script-free client sends anything), so the server
 * refuses it and shows the form again; the reply is then read field by field. Passwords do not come back, by design.
 */
const browser = setupBrowser();
let ids: SiteIds;
let cookies: RoleCookies;

beforeAll(async () => {
  ({ ids, cookies } = await loadSite());
});

/** At least this many forms are sent on each role's pages (what the walk found when written, rounded down). */
const MIN_FORMS: Record<Role, number> = { anonymous: 8, fan: 9, streamer: 3, admin: 12 };

/**
 * Pages whose forms are refused whatever text field is left empty, though none is marked required: the gig form
 * (a gig needs its title) and the calendar's (slots need their times). Elsewhere a signed-in role's form is sent
 * only with a field marked required left empty, so the walk never changes the demo data.
 */
const ANY_FIELD = /^\/influencer\/(products\/new|products\/[^/]+\/edit|calendar-dashboard)$/;

type Sent = { form: number; empty: string; values: Record<string, string> };

/** Fills the page's `index`-th form that can be refused for an empty required field; null when it has none. */
function fillForRefusal({ index, anyField }: { index: number; anyField: boolean }): Sent | null {
  const TEXT = new Set(["text", "email", "search", "tel", "url", "number", "date", "time", "datetime-local", ""]);
  const SAMPLES: Record<string, string> = {
    email: "kept@example.com",
    url: "https://example.com/kept",
    number: "7",
    date: "2031-03-04",
    time: "10:30",
    "datetime-local": "2031-03-04T10:30",
  };
  // Folded sections (the calendar's "Add slots", the dashboard's lists) are opened, as a user would tap them.
  for (const folded of document.querySelectorAll("details:not([open])")) folded.setAttribute("open", "");
  const form = document.forms[index];
  if (form?.method.toLowerCase() !== "post") return null;
  const controls = [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLTextAreaElement =>
      (element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && TEXT.has(element.type))) &&
      !!element.name &&
      !element.disabled &&
      !element.readOnly &&
      element.getClientRects().length > 0,
  );
  // A field marked required; signed out (no account a form could change), else the first field.
  const empty = controls.find((control) => control.required) ?? (anyField ? controls[0] : undefined);
  if (!empty) return null;
  const values: Record<string, string> = {};
  controls.forEach((control, n) => {
    const type = control instanceof HTMLInputElement ? control.type : "textarea";
    const value = control === empty ? "" : (SAMPLES[type] ?? `Kept ${n + 1}`);
    control.value = value;
    values[control.name] = value;
  });
  form.noValidate = true;
  return { form: index, empty: empty.name, values };
}

/** What the page's forms hold now, by field name (text fields only), and any box reading a placeholder word. */
function shownValues({ index, names, empty }: { index: number; names: string[]; empty: string }) {
  const shown: Record<string, string | null> = {};
  // The same form when the reply is the same page; else (a form that posts to another page: the profile's gamer
  // tags, to their order's page) the first form holding the field left empty.
  const holds = (form: HTMLFormElement | undefined) => !!form?.querySelector(`[name="${CSS.escape(empty)}"]`);
  const form = holds(document.forms[index]) ? document.forms[index] : [...document.forms].find(holds);
  for (const name of names) {
    // The field that was filled: the shown one of its name (a tag box's chips are hidden inputs of the same name).
    const control = [
      ...(form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        `input[name="${CSS.escape(name)}"], textarea[name="${CSS.escape(name)}"]`,
      ) ?? []),
    ].find((element) => element.getClientRects().length > 0);
    shown[name] = control ? control.value : null;
  }
  const placeholders = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")]
    .filter((control) => /^(undefined|null|NaN)$/i.test(control.value.trim()))
    .map((control) => control.name || control.id);
  return { shown, placeholders };
}

async function checkForms(page: Page, path: string, who: Role, tested: { count: number }): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(path);
  const count = await page.evaluate(() => document.forms.length);
  for (let index = 0; index < count; index++) {
    if (index > 0) await page.goto(path);
    const sent = await page.evaluate(fillForRefusal, { index, anyField: who === "anonymous" || ANY_FIELD.test(path) });
    if (!sent) continue;
    const submitter = page
      .locator("form")
      .nth(index)
      .locator('button:not([type="button"]), input[type="submit"]')
      .filter({ visible: true });
    if ((await submitter.count()) === 0) continue;
    tested.count++;
    // The reply to the POST (a document navigation: no JavaScript).
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST" && answer.request().isNavigationRequest()),
      submitter.first().click(),
    ]);
    await page.waitForLoadState("load");
    const status = response.status();
    const where = `${path} form ${index} (${sent.empty} left empty)`;
    if (status < 400 || status >= 500) {
      problems.push(`${where}: answered ${status}, not a refusal`);
    }
    const { shown, placeholders } = await page.evaluate(shownValues, {
      index,
      names: Object.keys(sent.values),
      empty: sent.empty,
    });
    for (const [name, value] of Object.entries(sent.values)) {
      if (shown[name] !== null && shown[name] !== value)
        problems.push(`${where}: ${name} came back as "${shown[name]}"`);
    }
    if (shown[sent.empty] === null) problems.push(`${where}: the form did not come back`);
    for (const name of placeholders) problems.push(`${where}: ${name} reads a placeholder word`);
  }
  return problems;
}

describe.each(ROLES)("forms sent without JavaScript, as %s", (who) => {
  it("come back as they were sent when refused", async () => {
    const context = await browser.context({ javaScript: false, timezoneId: "UTC" });
    if (who !== "anonymous") await context.addCookies([{ ...cookies[who], url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const problems: string[] = [];
    const tested = { count: 0 };
    for (const path of SITE_PAGES[who](ids)) problems.push(...(await checkForms(page, path, who, tested)));
    expect(problems).toEqual([]);
    // The walk reached forms (a change of the pages' markup that hid every form from it would pass it empty).
    expect(tested.count).toBeGreaterThanOrEqual(MIN_FORMS[who]);
    await page.close();
  }, 300_000);
});

describe("the booking form without JavaScript (/gig/:id)", () => {
  it("keeps the second player's empty gamer-tag box empty on Apply and on Book, and books nothing", async () => {
    const { gigId, slotId } = await demoSlot(
      Date.now() + 4 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000,
      4,
    );
    const context = await browser.context({ javaScript: false, timezoneId: "America/New_York" });
    await context.addCookies([{ ...cookies.fan, url: baseURL() }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    const boxes = () =>
      form
        .locator('input[name^="multipleGamerTags["]')
        .evaluateAll((inputs) => inputs.slice(0, 2).map((input) => (input as HTMLInputElement).value));
    await form.getByLabel("Number of players").selectOption("2");
    await form.getByLabel("Gamer tag of player 1").fill("nyfan478086");
    await form.getByLabel("Gamer tag of player 2").fill("");
    await form.getByLabel("Promo code (optional)").fill("NOSUCHCODE1");
    await form.getByRole("button", { name: "Apply" }).click();
    await page.getByText("There is no promo code NOSUCHCODE1").first().waitFor();
    expect(await boxes()).toEqual(["nyfan478086", ""]);
    await form.getByRole("button", { name: "Book now" }).click();
    await page.getByText("Enter one gamer tag per player").first().waitFor();
    expect(await boxes()).toEqual(["nyfan478086", ""]);
    expect(await page.locator("body").textContent()).not.toContain("undefined");
    const orders = queryE2E<{ n: number }>(`SELECT count(*) AS n FROM orders WHERE slot_id = '${slotId}'`);
    expect(orders[0]?.n).toBe(0);
    await page.close();
  });
});
