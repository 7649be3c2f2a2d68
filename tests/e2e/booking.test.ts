import { describe, expect, it } from "vitest";
import { createPromoCode } from "../factories";
import { setupBrowser } from "./browser";
import { e2eD1, queryE2E } from "./db";
import { contexts, DEMO_FAN, logInAsDemoFan } from "./demo-fan";
import { demoSlot } from "./demo-rows";

/**
 * The demo fan books a seat on the demo star's gig, JavaScript on and off: by card on the Stripe stand-in's
 * hosted page (Pay), then, after topping the wallet up by card, from the wallet with a promo code.
 */
const browser = setupBrowser();

const newContext = contexts(browser, "Europe/Paris", 120);
const logIn = logInAsDemoFan;

/** A fresh open slot with 5 seats on one of the demo star's gigs, and a fresh 50%-off promo code. */
async function freshSlotAndPromo() {
  const startsAt = Date.now() + 2 * 86_400_000 + Math.floor(Math.random() * 86_400) * 1000;
  const { gigId, slotId } = await demoSlot(startsAt, 5);
  const { code } = await createPromoCode(e2eD1, { value: 5000 });
  return { gigId, slotId, code };
}

function orderOf(where: string) {
  return queryE2E<{ id: string; status: string; payment_method: string; discount_minor: number; booking: string }>(
    `SELECT o.id, o.status, o.payment_method, o.discount_minor, b.status AS booking
     FROM orders o JOIN bookings b ON b.order_id = o.id WHERE ${where} ORDER BY o.created_at DESC LIMIT 1`,
  )[0];
}

describe.each([true, false])("booking a seat with JavaScript %s", (javaScript) => {
  it("books by card on the stand-in's checkout, tops up, and books from the wallet with a promo code", async () => {
    const { gigId, slotId, code } = await freshSlotAndPromo();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logIn(page);

    // By card: the hosted checkout page, Pay, back to the success page.
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    await expect.poll(() => form.locator(`input[value="${slotId}"]`).isChecked()).toBe(true);
    await form.getByLabel("Gamer tag of player 1").fill("CardFan");
    await form.getByRole("radio", { name: "Card" }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByText("Your card was declined.").waitFor();
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/checkout\/success\?session_id=cs_/);
    await page.getByText("Payment received: you are booked").waitFor();
    const card = orderOf(`o.slot_id = '${slotId}' AND o.user_id = '${DEMO_FAN.id}' AND o.payment_method = 'card'`);
    expect(card).toMatchObject({ status: "paid", booking: "confirmed" });

    // Top up the wallet by card.
    await page.goto("/wallet/top-up");
    // The demo fan's wallet holds rupees (docs/decisions/020).
    await page.getByLabel("Amount (INR)").fill("5000");
    await page.getByRole("button", { name: "Pay by card" }).click();
    await page.waitForURL(/\/__stand-in\/stripe\/pay\/cs_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByText("Your wallet was topped up").waitFor();

    // From the wallet, with the promo code: Apply previews the discount and the new total before checkout, in
    // place with JavaScript, and without it the form comes back at the code with what the fan chose kept.
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    await form.getByLabel("Gamer tag of player 1").fill("WalletFan");
    const promoField = form.getByLabel("Promo code (optional)");
    await promoField.fill("NOSUCHCODE1");
    await form.getByRole("button", { name: "Apply" }).click();
    const preview = page.getByTestId("promo-result");
    await expect.poll(() => preview.textContent()).toBe("There is no promo code NOSUCHCODE1. Check the spelling.");
    expect(await page.getByText("There is no promo code NOSUCHCODE1").count()).toBe(1);
    await form.getByLabel("Promo code (optional)").fill(code);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect
      .poll(() => preview.textContent())
      .toMatch(new RegExp(`^${code}: .+ off\\. New total .+ \\(was .+\\)\\.$`));
    expect(await form.getByLabel("Gamer tag of player 1").inputValue()).toBe("WalletFan");
    if (!javaScript) expect(new URL(page.url()).hash).toBe("#booking-promoCode");
    await form.getByRole("radio", { name: /Wallet/ }).check();
    await form.getByRole("button", { name: "Book now" }).click();
    await page.waitForURL(/\/checkout\/success\?order=/);
    await page.getByText("Payment received: you are booked").waitFor();
    const wallet = orderOf(`o.slot_id = '${slotId}' AND o.user_id = '${DEMO_FAN.id}' AND o.payment_method = 'wallet'`);
    expect(wallet?.status).toBe("paid");
    expect(wallet?.discount_minor).toBeGreaterThan(0);
    await context.close();
  }, 90_000);
});

describe.each([true, false])("the booking form's checks with JavaScript %s", (javaScript) => {
  it("refuses a seat without a gamer tag and says why", async () => {
    const { gigId, slotId } = await freshSlotAndPromo();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logIn(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto(`/gig/${gigId}?slot=${slotId}`);
    const form = page.getByRole("form", { name: "Book a slot" });
    const tag = form.getByLabel("Gamer tag of player 1");
    if (javaScript) {
      // Hydrated (the form then posts to the page itself, without the `#booking` of a post without JavaScript), no
      // check is loaded before the fan touches the form; focusing a field brings it in (the form then carries
      // novalidate), and the check runs in the browser.
      await form.and(page.locator('form:not([action*="#"])')).waitFor();
      expect(await form.getAttribute("novalidate")).toBeNull();
      await tag.focus();
      await form.and(page.locator("form[novalidate]")).waitFor();
    }
    await tag.fill("");
    await form.getByRole("button", { name: "Book now" }).click();
    // Said beside the field and in the summary at the top of the form.
    const refusal = form.getByText("Enter one gamer tag per player");
    await refusal.first().waitFor();
    if (javaScript) {
      // Checked before sending: nothing was posted, the empty tag has the focus and says it is invalid.
      expect(posts).toEqual([]);
      await expect.poll(() => tag.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await tag.getAttribute("aria-invalid")).toBe("true");
      // After a refusal the errors follow the input.
      await tag.fill("CheckedFan");
      await expect.poll(() => refusal.count()).toBe(0);
    } else {
      expect(posts.filter((url) => url.includes(`/gig/${gigId}`))).toHaveLength(1);
    }
    await context.close();
  }, 60_000);
});

describe("a choice made before the page hydrates", () => {
  it("keeps the number of players the fan chose while the scripts were still loading", async () => {
    const { gigId, slotId } = await freshSlotAndPromo();
    const context = await newContext(true);
    const page = await context.newPage();
    await logIn(page);
    // Hold the page's scripts back until the fan has chosen (a slow connection).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/gig/${gigId}?slot=${slotId}`, { waitUntil: "domcontentloaded" });
    const players = page.getByLabel("Number of players");
    await players.selectOption("3");
    release();
    await page.locator("div[data-url][data-hydrated]").waitFor({ state: "attached" });
    await expect.poll(() => players.inputValue()).toBe("3");
    // Three gamer tag fields once hydrated: the form follows the choice, not its first render.
    await expect.poll(() => page.getByLabel(/Gamer tag of player \d/).count()).toBe(3);
    await context.close();
  });
});
