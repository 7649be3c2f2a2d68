import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { addBookingGamertags, setSlotLobbyCode } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { demoSlot, paidDemoBooking } from "./demo-rows";

const browser = setupBrowser();

const HOUR = 3_600_000;

const newContext = contexts(browser, "Asia/Kolkata", 40);
const logIn = logInAsDemoFan;

/**
 * A confirmed, card-paid booking of the demo fan on one of the demo star's gigs, as the fulfilment would leave
 * it (slot, paid order, confirmed booking, gamer tag, optionally the streamer's lobby code). The purchase flow
 * itself is covered by its own tests; these rows are this journey's starting point.
 */
async function seedBooking(startsInMs: number, amountMinor: number, lobbyCode?: string) {
  const startsAt = Math.floor((Date.now() + startsInMs) / 1000) * 1000 + Math.floor(Math.random() * 1000);
  const { slotId } = await demoSlot(startsAt, 2);
  const booking = await paidDemoBooking(slotId, DEMO_FAN.id, amountMinor);
  await addBookingGamertags(e2eD1, booking.id, ["DemoFan#2026"]);
  if (lobbyCode) await setSlotLobbyCode(e2eD1, slotId, lobbyCode);
  return { orderId: booking.orderId, bookingId: booking.id };
}

describe.each([true, false])("the fan's orders after purchase (JavaScript %s)", (javaScript) => {
  it("sees the order in their zone, downloads the invoice, sees the lobby code, edits gamer tags, cancels and sees the wallet refund", async () => {
    // The demo fan lives in India and pays in rupees (docs/decisions/020).
    const far = await seedBooking(72 * HOUR, 150_000);
    const near = await seedBooking(20 * 60_000, 90_000, javaScript ? "JS-LOBBY-1" : "NOJS-LOBBY-1");
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logIn(page);
    await page.goto("/profile");

    const farCard = page.locator(`[data-order-id="${far.orderId}"]`);
    const nearCard = page.locator(`[data-order-id="${near.orderId}"]`);
    await expect.poll(() => farCard.getByTestId("order-status").textContent()).toBe("confirmed");
    // The slot time is in the demo fan's saved zone, named as people say it, with or without JavaScript
    // (docs/decisions/019-viewer-time-zone.md).
    const time = farCard.locator("time");
    expect(await time.getAttribute("data-time-zone")).toBe("Asia/Kolkata");
    expect(await time.textContent()).toMatch(/\d{2}:\d{2}–\d{2}:\d{2} India Standard Time \(IST\)$/);

    // The lobby code of the slot starting soon; none yet for the later one.
    expect(await nearCard.getByTestId("lobby-code").textContent()).toContain(
      javaScript ? "JS-LOBBY-1" : "NOJS-LOBBY-1",
    );
    expect(await farCard.getByTestId("lobby-code").count()).toBe(0);

    // The invoice downloads as a real PDF.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      farCard.getByRole("link", { name: "Download invoice (PDF)" }).click(),
    ]);
    const pdf = await PDFDocument.load(readFileSync((await download.path()) ?? ""));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Noobrd invoice ${far.orderId}`);

    // Gamer tags are editable until the start.
    await farCard.getByLabel("Player 1").fill("DemoFan#Renamed");
    await farCard.getByRole("button", { name: "Save gamer tags" }).click();
    await page.getByText("Gamertags updated successfully").waitFor();
    await expect.poll(() => farCard.getByLabel("Player 1").inputValue()).toBe("DemoFan#Renamed");

    // Cancel: a dialog with JavaScript, a confirmation page without.
    await farCard.getByRole("link", { name: "Cancel booking" }).click();
    if (javaScript) {
      const dialog = page.getByRole("dialog", { name: "Cancel this booking?" });
      await dialog.getByText("full refund of ₹1,500").waitFor();
      await dialog.getByRole("button", { name: "Yes, cancel my booking" }).click();
    } else {
      await page.waitForURL(`**/profile/orders/${far.orderId}/cancel`);
      await page.getByText("full refund of ₹1,500").waitFor();
      await page.getByRole("button", { name: "Yes, cancel my booking" }).click();
    }
    await page.getByText("₹1,500 was refunded to your wallet").waitFor();
    await expect.poll(() => farCard.getByTestId("order-status").textContent()).toBe("refunded");
    const entry = page.getByTestId("wallet-entry").filter({ hasText: far.orderId });
    await expect.poll(() => entry.textContent()).toContain("Refund");
    expect(await entry.textContent()).toContain("₹1,500");
    const [row] = queryE2E<{ status: string; refunded: number }>(
      `SELECT b.status, o.refunded_minor AS refunded FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = '${far.bookingId}'`,
    );
    expect(row).toEqual({ status: "cancelled", refunded: 150_000 });
  });
});
