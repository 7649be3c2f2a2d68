import { describe, expect, it } from "vitest";
import { setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, DEMO_STAR, logInAsDemoFan } from "./demo-fan";

const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 150);

/** A played session of the demo fan on one of the demo star's gigs: slot ended an hour ago, order paid, booking confirmed. */
function seedPlayedBooking() {
  const [gig] = queryE2E<{ id: string }>(
    `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!gig) throw new Error("the demo star has no gig");
  const key = `e2erv${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const endsAt = Date.now() - 60 * 60_000 - Math.floor(Math.random() * 60_000);
  const startsAt = endsAt - 30 * 60_000;
  const now = Date.now();
  queryE2E(
    [
      `INSERT INTO slots (id, influencer_id, product_id, starts_at, ends_at, seats, status, created_at, updated_at)
       VALUES ('slt_${key}', '${DEMO_STAR}', '${gig.id}', ${startsAt}, ${endsAt}, 2, 'open', ${now}, ${now})`,
      `INSERT INTO orders (id, user_id, influencer_id, kind, status, amount_minor, currency, payment_method, slot_id, paid_at, created_at, updated_at)
       VALUES ('ord_${key}', '${DEMO_FAN.id}', '${DEMO_STAR}', 'slot_booking', 'paid', 49900, 'INR', 'card', 'slt_${key}', ${now}, ${now}, ${now})`,
      `INSERT INTO bookings (id, slot_id, user_id, order_id, seats, status, confirmed_at, created_at, updated_at)
       VALUES ('bkg_${key}', 'slt_${key}', '${DEMO_FAN.id}', 'ord_${key}', 1, 'confirmed', ${now}, ${now}, ${now})`,
    ].join(";\n"),
  );
  return { orderId: `ord_${key}`, gigId: gig.id };
}

describe.each([true, false])("a fan reviews a played session (JavaScript %s)", (javaScript) => {
  it("is refused without stars, then posts the review and sees it on the gig page", async () => {
    const { orderId, gigId } = seedPlayedBooking();
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
