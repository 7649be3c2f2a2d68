import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { moveSlot } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { contexts, signedIn } from "./demo-fan";
import { demoSlot, paidDemoBooking, userWithPassword } from "./demo-rows";

/**
 * The streamer no-show rule as a fan meets it: the demo star's slot has not been started 15 minutes after its
 * start, so the fan's order offers "The streamer hasn't started. Get a full refund"; one tap refunds it in full to the
 * wallet. Time is injected through the slot's start (written through the SQL door), never waited for.
 */
const browser = setupBrowser();

const newContext = contexts(browser, "Asia/Kolkata", 250);
const MINUTE = 60_000;
const PASSWORD = "No-show-2026";

async function logIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await signedIn(page);
}

/** Moves the slot's start (and end) so that it started `minutesAgo` minutes ago. */
async function startedMinutesAgo(slotId: string, minutesAgo: number) {
  const startsAt = Date.now() - minutesAgo * MINUTE - Math.floor(Math.random() * 1000);
  await moveSlot(e2eD1, slotId, new Date(startsAt), new Date(startsAt + 120 * MINUTE));
}

describe.each([false, true])("a streamer who has not started (JavaScript %s)", (javaScript) => {
  it("offers the fan a full refund from 15 minutes after the start; one tap refunds it to the wallet", async () => {
    const fan = await userWithPassword({ fullName: "Waiting Fan", country: "IN" }, PASSWORD);
    const { slotId } = await demoSlot(Date.now() + 5 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000, 2);
    const booking = await paidDemoBooking(slotId, fan.id, 50_000);
    const context = await newContext(javaScript);
    const page = await context.newPage();
    if (!fan.email) throw new Error("the fan has no email");
    await logIn(page, fan.email);

    await startedMinutesAgo(slotId, 14);
    await page.goto(`/profile/orders/${booking.orderId}`);
    await page.getByTestId("order").waitFor();
    expect(await page.getByTestId("no-show-refund").count()).toBe(0);

    await startedMinutesAgo(slotId, 16);
    await page.reload();
    const offer = page.getByTestId("no-show-refund");
    await offer.getByText("The streamer hasn't started.").waitFor();
    // Paid by card: the card is offered too, the wallet is the default.
    expect(await offer.getByRole("radio", { name: "To my Noobrd wallet, instantly" }).isChecked()).toBe(true);
    await offer.getByRole("button", { name: "Get a full refund" }).click();
    await page.getByText("Refunded in full: the streamer did not start").first().waitFor();

    await expect
      .poll(() => queryE2E<{ status: string }>(`SELECT status FROM orders WHERE id = '${booking.orderId}'`)[0]?.status)
      .toBe("refunded");
    const credits = queryE2E<{ total: number }>(
      `SELECT coalesce(sum(amount_minor), 0) AS total FROM wallet_entries WHERE user_id = '${fan.id}'`,
    );
    expect(credits[0]?.total).toBe(50_000);
    // The offer is gone: the booking is cancelled and refunded once.
    await page.goto(`/profile/orders/${booking.orderId}`);
    await page.getByTestId("order").waitFor();
    expect(await page.getByTestId("no-show-refund").count()).toBe(0);
    await context.close();
  });
});
