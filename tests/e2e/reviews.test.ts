import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { demoSlot, paidDemoBooking } from "./demo-rows";

const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 150);

/** A played session of the demo fan on one of the demo star's gigs: slot ended an hour ago, order paid, booking confirmed. */
async function seedPlayedBooking() {
  const endsAt = Date.now() - 60 * 60_000 - Math.floor(Math.random() * 60_000);
  const { gigId, slotId } = await demoSlot(endsAt - 30 * 60_000, 2);
  const { orderId } = await paidDemoBooking(slotId, DEMO_FAN.id, 49_900);
  return { orderId, gigId };
}

describe.each([true, false])("a fan reviews a played session (JavaScript %s)", (javaScript) => {
  it("is refused without stars, then posts the review and sees it on the gig page", async () => {
    const { orderId, gigId } = await seedPlayedBooking();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logInAsDemoFan(page);

    // The order offers the review.
    await page.goto("/profile");
    await page.locator(`[data-order-id="${orderId}"]`).getByRole("link", { name: "Review this session" }).click();
    await page.waitForURL(`**/profile/orders/${orderId}/review`);

    // No stars chosen: with JavaScript the form says so before sending; without, the server answers the same.
    const comment = `Great session ${javaScript ? "with" : "without"} JS ${Date.now().toString(36)}`;
    await page.getByLabel(/Comment/).fill(comment);
    await page.getByRole("button", { name: "Post review" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Choose from 1 to 5 stars");
    expect(page.url()).toContain(`/profile/orders/${orderId}/review`);

    await page.getByLabel("4 – Good").check();
    await page.getByRole("button", { name: "Post review" }).click();
    await page.waitForURL(`**/gig/${gigId}#reviews`);

    const review = page.getByTestId("review").filter({ hasText: comment });
    await review.waitFor();
    expect(await review.getByRole("img", { name: "4 of 5 stars" }).count()).toBe(1);
    const [rating] = queryE2E<{ count: number }>(`SELECT rating_count AS count FROM products WHERE id = '${gigId}'`);
    const shownCount = await page.locator("#reviews").getByTestId("rating-count").first().textContent();
    expect(Number(shownCount)).toBe(rating?.count);

    // Reviewed once: the form now changes the review instead of posting another.
    await page.goto(`/profile/orders/${orderId}/review`);
    await page.getByRole("button", { name: "Update review" }).waitFor();
    await context.close();
  });
});
