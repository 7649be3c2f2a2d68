import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readPage, textOf } from "../support/page";
import { callJson, days, paidOrder, payoutWorld, staffUser } from "./admin-world";
import { request } from "./app";

/**
 * A streamer paid in rupees and in dollars: the staff payout screen proposes one payout per currency (each with
 * its own totals, in its currency) and its default submission (every order checked, one button, no JavaScript)
 * creates exactly those two payouts, each with the gross of its orders' nets (orderNetMinor).
 */
describe("staff payouts per currency", () => {
  it("the default submission creates one payout per currency, each gross = the sum of its orders' net", async () => {
    const world = await payoutWorld(2000);
    const finance = await staffUser("finance");
    const inr = [
      await paidOrder(world, 49_900, { currency: "INR" }),
      // Partly refunded (the fan cancelled late): payable at its net, ₹200.
      await paidOrder(world, 40_000, { currency: "INR", refunded: 20_000 }),
    ];
    const usd = [await paidOrder(world, 5_000), await paidOrder(world, 3_045)];
    const path = `/admin/payout/influencer/${world.streamer.id}`;
    const headers = { Cookie: finance.cookie };

    const page = await readPage(await request(path, { headers }));
    expect(page.all('[data-testid^="remaining-"]').map((group) => group.getAttribute("aria-label"))).toEqual([
      "Orders in INR",
      "Orders in USD",
    ]);
    // Each proposed payout in its own currency: ₹699 = 499 + 200; $80.45 = 50 + 30.45. Never a sum of both.
    expect(textOf(page.byTestId("proposed-INR"))).toBe("The INR payout, all of them: gross ₹699, net ₹407.52");
    expect(textOf(page.byTestId("proposed-USD"))).toBe("The USD payout, all of them: gross $80.45, net $46.90");
    expect(textOf(page.byRole("button", { name: "draft payout" }))).toBe("Create 2 draft payouts, one per currency");

    // The form as the page renders it: every order checked, the default percentages.
    const form = new URLSearchParams({
      intent: "create",
      influencerId: world.streamer.id,
      startTime: days(-30).toISOString().slice(0, 10),
      endTime: days(0).toISOString().slice(0, 10),
      platformFeesPercentage: "20",
      platformFeesIndirectTaxPercentage: "18",
      indirectTaxPercentage: "18",
      tdsPercentage: "0.1",
    });
    for (const id of [...inr, ...usd]) form.append("mergedOrders", id);
    const created = await request(path, { method: "POST", body: form, headers });
    expect(created.status).toBe(302);

    const { results: made } = await env.DB.prepare(
      `SELECT p.currency, p.gross_minor AS gross, p.net_minor AS net,
        (SELECT group_concat(o.currency) FROM payout_orders po JOIN orders o ON o.id = po.order_id WHERE po.payout_id = p.id AND po.active = 1) AS orderCurrencies,
        (SELECT sum(o.amount_minor - o.refunded_minor) FROM payout_orders po JOIN orders o ON o.id = po.order_id WHERE po.payout_id = p.id AND po.active = 1) AS ordersNet,
        (SELECT count(*) FROM payout_orders po WHERE po.payout_id = p.id AND po.active = 1) AS orders
       FROM payouts p WHERE p.influencer_id = ? ORDER BY p.currency`,
    )
      .bind(world.streamer.id)
      .all<{ currency: string; gross: number; orderCurrencies: string; ordersNet: number; orders: number }>();
    expect(made).toHaveLength(2);
    expect(
      made.map(({ currency, gross, orders, orderCurrencies }) => ({ currency, gross, orders, orderCurrencies })),
    ).toEqual([
      { currency: "INR", gross: 69_900, orders: 2, orderCurrencies: "INR,INR" },
      { currency: "USD", gross: 8_045, orders: 2, orderCurrencies: "USD,USD" },
    ]);
    for (const payout of made) expect(payout.gross).toBe(payout.ordersNet);

    // Nothing is left to pay out.
    const [, remaining] = await callJson(
      finance.cookie,
      `/api/admin/remaining-orders/${world.streamer.id}?startTime=${days(-30).toISOString()}&endTime=${days(1).toISOString()}`,
    );
    expect(remaining.orders).toEqual([]);
  });

  it("the API proposes and creates the same way: one payout per currency", async () => {
    const world = await payoutWorld(2000);
    const finance = await staffUser("finance");
    const inr = await paidOrder(world, 49_900, { currency: "INR" });
    const usd = await paidOrder(world, 5_000);
    const period = { startTime: days(-30).toISOString(), endTime: days(1).toISOString() };
    const [status, remaining] = await callJson(
      finance.cookie,
      `/api/admin/remaining-orders/${world.streamer.id}?startTime=${period.startTime}&endTime=${period.endTime}`,
    );
    expect(status).toBe(200);
    expect(remaining.totals).toBeNull();
    expect(remaining.payouts).toMatchObject([
      { currency: "INR", mergedOrders: [inr], totals: { grossMinor: 49_900 } },
      { currency: "USD", mergedOrders: [usd], totals: { grossMinor: 5_000 } },
    ]);
    const [createdStatus, created] = await callJson(finance.cookie, "/api/admin/create-payout", {
      influencerId: world.streamer.id,
      ...period,
      mergedOrders: [inr, usd],
    });
    expect(createdStatus).toBe(200);
    expect(created.payouts).toMatchObject([
      { currency: "INR", grossMinor: 49_900, orders: 1 },
      { currency: "USD", grossMinor: 5_000, orders: 1 },
    ]);
    expect(created.payoutIds).toHaveLength(2);
  });
});
