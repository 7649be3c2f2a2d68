import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditWallet } from "../factories";
import { baseURL, setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { contexts, DEMO_STAR } from "./demo-fan";
import { demoGigId, demoSlot, userWithPassword } from "./demo-rows";
import { endDemoStarSessions, makeDemoStarLive, PHONE } from "./live-helpers";
import { sessionsFor } from "./staff";

/**
 * Session packs and VIP passes on a phone (390 px), with JavaScript on and off, as a fan with rupees in their wallet:
 * buys the demo star's session pack on the gig page, books a slot with a credit, cancels it and finds the credit back
 * on the profile; buys the star's VIP pass on their page and joins the VIP queue of their live session with it, no
 * payment; then buys another pack by card through the Stripe stand-in's checkout, and the success page says what was
 * bought (docs/domain.md "Session pack", "VIP pass"; docs/decisions/040).
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 230);
let live = "";

beforeAll(() => {
  live = makeDemoStarLive("pass");
});
afterAll(() => endDemoStarSessions());

async function freshFanWithRupees(javaScript: boolean) {
  const fan = await userWithPassword({ fullName: "Pack Fan", country: "IN" }, "Pack-fan-2026");
  await creditWallet(e2eD1, fan.id, 5_000_000, "INR");
  const [cookie] = await sessionsFor([fan.id]);
  if (!cookie) throw new Error("no session");
  const context = await newContext(javaScript);
  await context.addCookies([{ ...cookie, url: baseURL() }]);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  return { fan, context, page };
}

const one = <T>(sql: string) => queryE2E<T>(sql)[0];

describe.each([true, false])("packs and passes on a phone, JavaScript %s", (javaScript) => {
  it("buys a pack, books with a credit, cancels and sees the credit back; joins VIP with a pass", async () => {
    const { fan, context, page } = await freshFanWithRupees(javaScript);
    const gigId = demoGigId();
    const startsAt = (Math.floor(Date.now() / 1000) + 4 * 86_400 + Math.floor(Math.random() * 86_400)) * 1000;
    const { slotId } = await demoSlot(startsAt, 2);

    // The pack, from the wallet (chosen first: it covers the price), on the gig page.
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const gigPack = page.getByTestId("gig-pack");
    expect(await gigPack.getByRole("radio", { name: /Wallet \(.+ available\)/ }).isChecked()).toBe(true);
    await gigPack.getByRole("button", { name: "Buy pack" }).click();
    await page.getByText("Pack bought: its credits are ready to book").waitFor();

    // A seat booked with one of its credits (back on the time chosen: the purchase returns to the gig's form).
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    await expect.poll(() => form.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    await form.getByLabel("Gamer tag of player 1").fill("PackFan");
    await form.getByRole("radio", { name: /Pack credit/ }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    const order = one<{ id: string; status: string }>(
      `SELECT id, status FROM orders WHERE slot_id = '${slotId}' AND user_id = '${fan.id}'`,
    );
    expect(order?.status).toBe("paid");
    const packs = () =>
      one<{ credits: number }>(
        `SELECT sum(e.credits) AS credits FROM pack_credit_entries e WHERE e.user_id = '${fan.id}'`,
      )?.credits;
    expect(packs()).toBe(4);

    // Cancelled days ahead: the credit comes back, and the profile says so.
    await page.goto(`/profile/orders/${order?.id}/cancel`);
    await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
    await expect.poll(packs).toBe(5);
    await page.goto("/profile");
    expect(await page.getByTestId("pack-balance").first().textContent()).toMatch(/^5 of 5 credits left/);

    // The VIP pass, from the wallet, on the star's page; then the VIP queue with it, no payment.
    await page.goto(`/star/${DEMO_STAR}`);
    const streamerPass = page.getByTestId("star-pass");
    await streamerPass.getByRole("radio", { name: /Wallet/ }).check();
    await streamerPass.getByRole("button", { name: "Buy VIP pass" }).click();
    await page.getByText("VIP pass bought").waitFor();
    const wallet = () =>
      one<{ sum: number }>(`SELECT sum(amount_minor) AS sum FROM wallet_entries WHERE user_id = '${fan.id}'`)?.sum;
    const before = wallet();
    await page.goto(`/live/${live}`);
    await page.locator("#gamertag-vip").fill("PassFan");
    await page.getByLabel("I accept the VIP Queue Terms").check();
    await page.getByRole("radio", { name: /VIP pass \(5 places left\)/ }).check();
    await page.getByRole("button", { name: /Join VIP queue/ }).click();
    await page.getByTestId("my-position").waitFor();
    expect(wallet()).toBe(before);
    expect(
      one<{ n: number }>(`SELECT count(*) AS n FROM pass_entries WHERE user_id = '${fan.id}' AND kind = 'use'`)?.n,
    ).toBe(1);
    await page.goto("/profile");
    expect(await page.getByTestId("pass-balance").first().textContent()).toMatch(/^4 of 5 VIP places left/);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Another pack, by card: the stand-in's checkout page, Pay, and the success page names what was bought.
    const walletBefore = wallet();
    await page.goto(`/gig/${gigId}`);
    await gigPack.getByRole("radio", { name: "Card" }).check();
    await gigPack.getByRole("button", { name: "Buy pack" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
    await page.getByRole("heading", { name: "Session pack bought" }).waitFor();
    const bought = await page.getByTestId("prepaid-bought").textContent();
    expect(bought).toMatch(/5 sessions, ₹[\d,]+ paid\. Book them until \d{1,2} \w{3} \d{4}/);
    expect(await page.getByRole("link", { name: "Download invoice (PDF)" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Paid by card, through the wallet: its top-up and the pack's debit net nothing there; bought once.
    const byCard = () =>
      queryE2E<{ status: string }>(
        `SELECT status FROM pack_purchases WHERE user_id = '${fan.id}' AND payment_method = 'card'`,
      );
    expect(byCard()).toEqual([{ status: "paid" }]);
    expect(wallet()).toBe(walletBefore);
    await page.getByRole("link", { name: "Book a session" }).click();
    await page.waitForURL(new RegExp(`/gig/${gigId}`));
    expect(await page.getByTestId("pack-credits").textContent()).toMatch(/You hold 10 pack credits/);
    await context.close();
  }, 120_000);
});
