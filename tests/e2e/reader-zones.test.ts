import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createBooking, createUser, notifyUser, recordAudit, refundToWallet, setUserTimeZone } from "../factories";
import { pdfText } from "../support/pdf-text";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1 } from "./db";
import { contexts, DEMO_STAR } from "./demo-fan";
import { demoSlot } from "./demo-rows";
import { freshFan, sessionsFor } from "./staff";

/**
 * Every date a person reads is in their zone, in one form (formatWhen, docs/decisions/019-viewer-time-zone.md): a
 * fan in Kolkata and one in New York read a notification, their wallet history and their invoice, and a staff
 * member who saved one of those zones reads the audit log (from a browser in UTC) with the zone named on the page.
 * With JavaScript the fan saved no zone (the browser's hint decides); without, the fan saved it.
 */
const browser = setupBrowser();

/** Fixed instants whose day differs between the zones: 03:26 UTC is the evening before in New York. */
const ORDERED_AT = Date.UTC(2026, 10, 25, 3, 26);
const NOTIFIED_AT = ORDERED_AT + 30 * 60_000;
const REFUNDED_AT = ORDERED_AT + 60 * 60_000;
const AUDITED_AT = ORDERED_AT + 120 * 60_000;

const ZONES = {
  "Asia/Kolkata": {
    firstIp: 240,
    named: /^Times in India Standard Time \(IST\)$/,
    abbreviation: "IST",
    ordered: "Wed, 25 Nov 2026, 08:56 IST",
    notified: "Wed, 25 Nov 2026, 09:26 IST",
    refunded: "Wed, 25 Nov 2026, 09:56 IST",
    audited: "Wed, 25 Nov 2026, 10:56 IST",
  },
  "America/New_York": {
    firstIp: 250,
    named: /^Times in Eastern (?:Standard|Daylight) Time \(E[SD]T\)$/,
    abbreviation: "E[SD]T",
    ordered: "Tue, 24 Nov 2026, 22:26 EST",
    notified: "Tue, 24 Nov 2026, 22:56 EST",
    refunded: "Tue, 24 Nov 2026, 23:26 EST",
    audited: "Wed, 25 Nov 2026, 00:26 EST",
  },
} as const;
type Zone = keyof typeof ZONES;

/**
 * A fan's refunded booking on the demo star's first gig, ordered and paid at ORDERED_AT and refunded to the wallet at
 * REFUNDED_AT (order, booking, refund, wallet entry), and a notification at NOTIFIED_AT.
 */
async function seedFanHistory(fanId: string) {
  const key = `rz${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const startsAt = Math.floor((Date.now() + 72 * 3_600_000) / 60_000) * 60_000 + Math.floor(Math.random() * 1000);
  const { slotId } = await demoSlot(startsAt, 2);
  const money = { amountMinor: 2000, currency: "USD" } as const;
  const { orderId } = await createBooking(e2eD1, { id: slotId, influencerId: DEMO_STAR }, fanId, "cancelled", 1, null, {
    ...money,
    status: "refunded",
    refundedMinor: money.amountMinor,
    paymentMethod: "card",
    paidAt: new Date(ORDERED_AT),
    createdAt: new Date(ORDERED_AT),
    updatedAt: new Date(REFUNDED_AT),
  });
  await refundToWallet(e2eD1, { id: orderId, userId: fanId }, money, new Date(REFUNDED_AT));
  await notifyUser(e2eD1, fanId, `Zone check ${key}`, { createdAt: new Date(NOTIFIED_AT) });
  return { orderId, key };
}

/** A staff member (admin) who saved `zone`, with a live session, and an audit entry of theirs at AUDITED_AT. */
async function staffWithZone(zone: Zone) {
  const staff = await createUser(e2eD1, { fullName: "Zone Staff", role: "admin", timeZone: zone });
  const key = `rz${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await recordAudit(e2eD1, staff, {
    action: "zone.check",
    entity: "e2e_zone",
    entityId: key,
    after: { checked: true },
    createdAt: new Date(AUDITED_AT),
  });
  const [cookie] = await sessionsFor([staff.id]);
  if (!cookie) throw new Error("no staff session");
  return { key, cookie };
}

async function invoiceTextOf(context: BrowserContext, orderId: string): Promise<string> {
  const page = await context.newPage();
  await page.goto("/profile");
  const card = page.locator(`[data-order-id="${orderId}"]`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("link", { name: "Download invoice (PDF)" }).click(),
  ]);
  const text = pdfText(await PDFDocument.load(readFileSync((await download.path()) ?? "")));
  await page.close();
  return text;
}

describe.each([
  ["Asia/Kolkata", true],
  ["Asia/Kolkata", false],
  ["America/New_York", true],
  ["America/New_York", false],
] as [Zone, boolean][])("a reader in %s (JavaScript %s)", (zone, javaScript) => {
  const expected = ZONES[zone];

  it("reads a notification, the wallet history and the invoice in their zone, in one form", async () => {
    const fan = await freshFan(`rz${javaScript ? "js" : "nojs"}`);
    // Without JavaScript the fan saved their zone; with it, the browser's hint (the tz cookie) decides.
    if (!javaScript) await setUserTimeZone(e2eD1, fan.id, zone);
    const { orderId, key } = await seedFanHistory(fan.id);
    const context = await contexts(browser, zone, expected.firstIp + (javaScript ? 0 : 5))(javaScript);
    await context.addCookies([{ ...fan.cookie, url: baseURL() }]);
    const page = await context.newPage();

    await page.goto("/notifications");
    const notification = page
      .getByTestId("notifications")
      .locator("li")
      .filter({ hasText: `Zone check ${key}` });
    expect(await notification.locator("time").textContent()).toBe(expected.notified);

    await page.goto("/profile");
    const entry = page.getByTestId("wallet-entry").filter({ hasText: orderId });
    expect(await entry.locator("time").textContent()).toBe(expected.refunded);

    const invoice = await invoiceTextOf(context, orderId);
    expect(invoice).toContain(`Order date: ${expected.ordered}`);
    expect(invoice).toContain(`Paid: ${expected.ordered} (card)`);
    expect(invoice).toContain(`Refunded to wallet on ${expected.refunded}`);
    expect(invoice).toContain("Status: Refunded");
    expect(invoice).toMatch(
      new RegExp(`Invoice date: \\w{3}, \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} ${expected.abbreviation}\\b`),
    );
    expect(invoice).not.toContain(" UTC");
    await context.close();
  });

  it("as staff who saved the zone, reads the audit log in it, with the zone named, from a browser in UTC", async () => {
    const staff = await staffWithZone(zone);
    const context = await browser.context({ javaScript, timezoneId: "UTC" });
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": `198.51.100.${expected.firstIp + (javaScript ? 2 : 7)}` });
    await context.addCookies([{ ...staff.cookie, url: baseURL() }]);
    const page = await context.newPage();
    await page.goto(`/admin/audit-log?entity=e2e_zone&entityId=${staff.key}`);
    const row = page.locator("tbody tr").filter({ hasText: "zone.check" });
    expect(await row.locator("time").textContent()).toBe(expected.audited);
    expect(await page.getByTestId("staff-time-zone").textContent()).toMatch(expected.named);
    await context.close();
  });
});
