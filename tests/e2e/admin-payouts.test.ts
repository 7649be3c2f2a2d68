import { describe, expect, it } from "vitest";
import { createBooking, createSlot, createUser, updateStreamerProfile } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { staffContext, staffLogIn } from "./staff";

/**
 * Finance's month end as a new staff member would do it, JavaScript on and off: log in, validate a streamer's
 * played sessions, create a draft payout of them, edit it (one order out), make it active, mark it complete,
 * download its spreadsheet; marketing cannot open payouts. Each run uses its own seeded streamer and fresh orders.
 */
const browser = setupBrowser();
const DAY = 86_400_000;

/** A seeded streamer (one per run), verified, fee 20%, with two paid, not yet validated sessions 2 and 3 days ago. */
async function streamerWithPlayedSessions(offset: number) {
  const [streamer] = queryE2E<{ id: string; gig: string }>(
    `SELECT u.id, MIN(p.id) AS gig FROM users u JOIN products p ON p.influencer_id = u.id
     WHERE u.is_influencer = 1 AND u.id <> 'usr_demo_influencer' GROUP BY u.id ORDER BY u.id LIMIT 1 OFFSET ${offset}`,
  );
  if (!streamer) throw new Error("no seeded streamer with a gig");
  const now = Date.now();
  // The orders' buyer is a fan in dollars of their own: the Indian demo fan's pages must show rupees only.
  const buyer = await createUser(e2eD1, { fullName: "Payout Buyer", country: "US" });
  await updateStreamerProfile(e2eD1, streamer.id, {
    isVerified: true,
    verifiedAt: new Date(now),
    platformFeeBps: 2000,
  });
  const orders: string[] = [];
  for (const [i, amount] of [2000, 3000].entries()) {
    const startsAt = now - (2 + i) * DAY;
    const slot = await createSlot(e2eD1, streamer.id, streamer.gig, new Date(startsAt), { seats: 5 });
    const bookedAt = new Date(startsAt - DAY);
    const booking = await createBooking(
      e2eD1,
      { id: slot.id, influencerId: streamer.id },
      buyer.id,
      "confirmed",
      1,
      null,
      {
        amountMinor: amount,
        currency: "USD",
        paidAt: bookedAt,
        createdAt: bookedAt,
      },
    );
    orders.push(booking.orderId);
  }
  return { id: streamer.id, orders: orders as [string, string] };
}

describe.each([true, false])("finance settles a streamer's payout (JavaScript %s)", (javaScript) => {
  it("validates played sessions, drafts, edits, activates and completes a payout, and downloads its spreadsheet", async () => {
    const streamer = await streamerWithPlayedSessions(javaScript ? 0 : 1);
    const [small, large] = streamer.orders;
    const context = await staffContext(browser, javaScript);
    const page = await context.newPage();
    const validations = `/admin/validations/influencer-game-playing-validations/${streamer.id}`;
    await staffLogIn(page, "finance@demo.noobrd.gg", validations);

    // 1. Both sessions were played.
    await page.getByLabel(`Played: order ${small}`).check();
    await page.getByLabel(`Played: order ${large}`).check();
    await page.getByRole("button", { name: "Mark selected as played" }).click();
    await expect.poll(() => page.getByText("Validated").count()).toBeGreaterThanOrEqual(2);

    // 2. A draft of both: gross $50.00, fee 20% $10.00, its tax 18% $1.80, indirect tax 18% $9.00, TDS 0.1% $0.05.
    await page.getByRole("link", { name: "Payouts" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/payout/influencer/${streamer.id}`);
    await expect.poll(() => page.getByLabel(`Merge order ${small}`).isChecked()).toBe(true);
    // Only this run's two orders (the seed may have left this streamer other payable orders).
    for (const box of await page.locator('input[name="mergedOrders"]').all()) {
      const value = await box.getAttribute("value");
      if (value !== small && value !== large) await box.uncheck();
    }
    // One button creates a draft per currency among the checked orders ("Create 2 draft payouts, one per currency"
    // when the star also has payable orders in another currency): only this run's dollar orders are checked.
    await page.getByRole("button", { name: /^Create (draft payout|\d+ draft payouts, one per currency)$/ }).click();
    const draft = page.getByRole("listitem").filter({ hasText: "draft" });
    await draft.waitFor();
    await expect.poll(() => draft.getByText("$29.15").count()).toBe(1);

    // 3. Edit: the larger order out; net of $20.00 = 20.00 - 4.00 - 0.72 - 3.60 - 0.02 = $11.66.
    await draft.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit draft payout" }).waitFor();
    await page.getByLabel(`Merge order ${large}`).uncheck();
    await page.getByRole("button", { name: "Save payout" }).click();
    await expect.poll(() => draft.getByText("$11.66").count()).toBe(1);

    // 4. Active, then complete; the spreadsheet downloads.
    await draft.getByRole("button", { name: "Make active" }).click();
    await page.getByRole("button", { name: "Mark selected complete" }).waitFor();
    await page.getByRole("button", { name: "Mark selected complete" }).click();
    // This payout (its net), not the seeded ones: the seed completes a payout per currency the star was paid in.
    const done = page.getByRole("listitem").filter({ hasText: "completed" }).filter({ hasText: "$11.66" });
    await done.getByRole("link", { name: "Download spreadsheet" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      done.getByRole("link", { name: "Download spreadsheet" }).click(),
    ]);
    const bytes = await (await download.createReadStream()).toArray();
    const file = Buffer.concat(bytes as Buffer[]);
    expect(file.subarray(0, 2).toString()).toBe("PK"); // an .xlsx is a zip
    // The larger order is payable again, in no payout.
    await expect.poll(() => page.getByLabel(`Merge order ${large}`).count()).toBe(1);
    await context.close();

    // 5. Marketing cannot open payouts.
    const other = await staffContext(browser, javaScript);
    const marketing = await other.newPage();
    await staffLogIn(marketing, "marketing@demo.noobrd.gg", "/admin/dashboard");
    const refused = await marketing.goto(`/admin/payout/influencer/${streamer.id}`);
    expect(refused?.status()).toBe(403);
    await other.close();
  });
});
