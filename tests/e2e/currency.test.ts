import { describe, expect, it } from "vitest";
import { rendered, setupBrowser } from "./browser";
import { queryE2E } from "./db";
import { contexts, DEMO_FAN, DEMO_STAR, logInAsDemoFan } from "./demo-fan";

const browser = setupBrowser();
const newContext = contexts(browser, "Asia/Kolkata", 120);

/** An amount in dollars anywhere in a text ("$5", "$ 12.50", "US$3"). */
const DOLLARS = /\$\s?\d/;
/** An amount in rupees. */
const RUPEES = /₹\s?\d/;

/**
 * docs/decisions/020: every page that shows money shows it in one currency for a given viewer. The demo fan lives
 * in India: the catalogue, a gig of an Indian streamer (₹ as set) and of an American one (converted into ₹), their
 * orders, one order, the wallet and its top-up all speak rupees, with and without JavaScript.
 */
function pagesToWalk() {
  const [usGig] = queryE2E<{ id: string }>(
    `SELECT p.id FROM products p JOIN users u ON u.id = p.influencer_id
     WHERE p.archived_at IS NULL AND p.base_currency = 'USD' AND u.country <> 'IN' LIMIT 1`,
  );
  const [ownGig] = queryE2E<{ id: string }>(
    `SELECT id FROM products WHERE influencer_id = '${DEMO_STAR}' AND archived_at IS NULL LIMIT 1`,
  );
  const [order] = queryE2E<{ id: string }>(
    `SELECT id FROM orders WHERE user_id = '${DEMO_FAN.id}' AND status = 'paid' AND kind = 'slot_booking' LIMIT 1`,
  );
  if (!usGig || !ownGig || !order) throw new Error("the demo data lacks a gig in dollars, one in rupees or an order");
  return {
    withMoney: [`/gig/${ownGig.id}`, `/gig/${usGig.id}`, "/profile", `/profile/orders/${order.id}`, "/wallet/top-up"],
    others: ["/", "/browse"],
    usGig: usGig.id,
  };
}

describe.each([true, false])("the Indian demo fan sees rupees only (JavaScript %s)", (javaScript) => {
  it("on the catalogue, both kinds of gig page, their orders, an order, the wallet and the top-up", async () => {
    const walk = pagesToWalk();
    const context = await newContext(javaScript);
    const page = await context.newPage();
    await logInAsDemoFan(page);
    for (const path of [...walk.others, ...walk.withMoney]) {
      await page.goto(path);
      await rendered(page);
      const text = (await page.locator("body").innerText()).replaceAll("\u00a0", " ");
      expect(text, `${path} shows dollars`).not.toMatch(DOLLARS);
      if (walk.withMoney.includes(path)) expect(text, `${path} shows no rupees`).toMatch(RUPEES);
    }
    // The American streamer's gig: converted into rupees, said so, and the booking form totals in rupees.
    await page.goto(`/gig/${walk.usGig}`);
    await rendered(page);
    await page.getByTestId("price-converted").waitFor();
    expect(await page.getByTestId("price").textContent()).toMatch(/^₹[\d,]+$/);
  });
});
