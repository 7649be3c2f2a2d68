import { describe, expect, it } from "vitest";
import { createUser } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { demoSlot, paidDemoBooking } from "./demo-rows";

/**
 * A slot in high demand (docs/decisions/033): its booking form carries the bot check (the local Turnstile stand-in's
 * token, no script), so booking works with JavaScript on and off; with JavaScript on, a form whose check is gone is
 * refused with the check's message and comes back with a fresh one that books.
 */
const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 330);

/** A 50-seat slot whose first 10 seats were booked just now (a drop's rush). */
async function dropSlot() {
  const startsAt = Date.now() + 3 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000;
  const { gigId, slotId } = await demoSlot(startsAt, 50);
  for (let i = 0; i < 10; i++) await paidDemoBooking(slotId, (await createUser(e2eD1)).id, 10_000);
  return { gigId, slotId };
}

const heldBy = (slotId: string) =>
  queryE2E<{ n: number }>(
    `SELECT count(*) AS n FROM bookings WHERE slot_id = '${slotId}' AND user_id = '${DEMO_FAN.id}' AND status = 'held'`,
  )[0]?.n ?? 0;

describe.each([true, false])("booking a slot in high demand with JavaScript %s", (javaScript) => {
  it("the form carries the bot check and books by card", async () => {
    const { gigId, slotId } = await dropSlot();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logInAsDemoFan(page);
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    await expect.poll(() => form.locator('input[name="cf-turnstile-response"]').count()).toBe(1);
    if (javaScript) {
      // A check that does not pass (a script's forgery): refused, and the form comes back with a fresh one.
      const check = form.locator('input[name="cf-turnstile-response"]');
      const first = await check.inputValue();
      await form.getByLabel("Gamer tag of player 1", { exact: true }).fill("DropFan");
      await form.getByRole("radio", { name: "Card" }).check();
      // Forged just before sending (React puts its own value back on each render).
      await check.evaluate((input) => {
        (input as HTMLInputElement).value = "turnstile-stand-in.forged";
      });
      await form.getByRole("button", { name: "Book now" }).click();
      await page.getByText("Please complete the check that you are not a robot, then try again.").first().waitFor();
      expect(heldBy(slotId)).toBe(0);
      await expect.poll(() => check.inputValue()).not.toBe("turnstile-stand-in.forged");
      expect(await check.inputValue()).not.toBe(first);
    }
    await form.getByLabel("Gamer tag of player 1", { exact: true }).fill("DropFan");
    await form.getByRole("radio", { name: "Card" }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    expect(heldBy(slotId)).toBe(1);
    await context.close();
  });
});
