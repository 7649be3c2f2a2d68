import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  createBooking,
  createGig,
  createLiveSession,
  createSlot,
  joinQueue,
  updateStreamerProfile,
} from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { loggedInFan, streamerWithGame } from "./streamer-world";

const DAY = 86_400_000;

/** A paid order of `amount` cents paid `daysAgo` days ago (refunded `refunded` cents). */
async function paidOrder(
  streamerId: string,
  gigId: string,
  fanId: string,
  amount: number,
  daysAgo: number,
  refunded = 0,
) {
  const slot = await createSlot(
    env.DB,
    streamerId,
    gigId,
    new Date(Date.now() - daysAgo * DAY + 3_600_000 + Math.random() * 1e6),
  );
  const status = refunded === 0 ? "paid" : refunded === amount ? "refunded" : "partially_refunded";
  const paidAt = new Date(Date.now() - daysAgo * DAY);
  const { orderId } = await createBooking(
    env.DB,
    { id: slot.id, influencerId: streamerId },
    fanId,
    "confirmed",
    1,
    null,
    {
      amountMinor: amount,
      refundedMinor: refunded,
      status,
      paidAt,
      createdAt: paidAt,
    },
  );
  return orderId;
}

describe("earnings net of the platform fee", () => {
  it("matches a hand-computed table for 7, 30 and 90 days at the streamer's fee", async () => {
    const world = await streamerWithGame();
    await updateStreamerProfile(env.DB, world.streamer.id, { platformFeeBps: 1500 });
    const gig = await createGig(env.DB, world.streamer.id, world.game);
    const { fan } = await loggedInFan();
    await paidOrder(world.streamer.id, gig.id, fan.id, 1000, 1); // 7d
    await paidOrder(world.streamer.id, gig.id, fan.id, 2525, 3); // 7d
    await paidOrder(world.streamer.id, gig.id, fan.id, 4000, 20, 1000); // 30d, 3000 kept
    await paidOrder(world.streamer.id, gig.id, fan.id, 999, 60); // 90d
    await paidOrder(world.streamer.id, gig.id, fan.id, 5000, 45, 5000); // fully refunded: not earnings
    await paidOrder(world.streamer.id, gig.id, fan.id, 7000, 120); // outside every window
    // gross: 7d 3525, 30d 6525, 90d 7524; fee 15% rounded once: 528.75->529, 978.75->979, 1128.6->1129
    const res = await request(`/api/get/influencer/total-earnings/${world.streamer.id}`, {
      headers: { Cookie: world.cookie },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      windows: { byCurrency: unknown[] }[];
      platformFeesPercentage: number;
    };
    expect(body.platformFeesPercentage).toBe(15);
    // Every order here was paid in dollars: the per-currency figures are the USD ones, the fee rounded once.
    expect(body.windows.map((w) => w.byCurrency)).toEqual([
      [{ currency: "USD", orders: 2, gross: usd(3525), fee: usd(529), net: usd(2996) }],
      [{ currency: "USD", orders: 3, gross: usd(6525), fee: usd(979), net: usd(5546) }],
      [{ currency: "USD", orders: 4, gross: usd(7524), fee: usd(1129), net: usd(6395) }],
    ]);
    expect(body.windows).toMatchObject([
      { days: 7, orders: 2, grossMinor: 3525, feeMinor: 529, netMinor: 2996 },
      { days: 30, orders: 3, grossMinor: 6525, feeMinor: 979, netMinor: 5546 },
      { days: 90, orders: 4, grossMinor: 7524, feeMinor: 1129, netMinor: 6395 },
    ]);
    const page = await request(`/api/get/influencer/paginated-earnings/${world.streamer.id}?days=30&limit=2`, {
      headers: { Cookie: world.cookie },
    });
    const list = (await page.json()) as {
      earnings: { grossMinor: number; netMinor: number }[];
      totalItems: number;
      totalPages: number;
    };
    expect(list.totalItems).toBe(3);
    expect(list.totalPages).toBe(2);
    expect(list.earnings.map((e) => [e.grossMinor, e.netMinor])).toEqual([
      [1000, 850],
      [2525, 2146],
    ]);
    expect(
      (
        await request(`/api/get/influencer/paginated-earnings/${world.streamer.id}?days=14`, {
          headers: { Cookie: world.cookie },
        })
      ).status,
    ).toBe(400);
  });
});

describe("orders of the streamer", () => {
  it("pages by 10, by month 15, and asks for both year and month", async () => {
    const world = await streamerWithGame();
    const gig = await createGig(env.DB, world.streamer.id, world.game);
    const { fan } = await loggedInFan({ username: "order_fan" });
    for (let i = 0; i < 12; i++) await paidOrder(world.streamer.id, gig.id, fan.id, 1000, i * 0.01);
    const headers = { Cookie: world.cookie };
    const first = (await (
      await request(`/api/get/orders/paginated/influencer/${world.streamer.id}`, { headers })
    ).json()) as {
      orders: { user: { username: string }; status: string }[];
      totalItems: number;
      limit: number;
    };
    expect(first.orders).toHaveLength(10);
    expect(first).toMatchObject({ totalItems: 12, limit: 10 });
    expect(first.orders[0]).toMatchObject({ user: { username: "order_fan" }, status: "paid" });
    const now = new Date();
    const month = (await (
      await request(
        `/api/get/orders/paginated/influencer/${world.streamer.id}?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`,
        { headers },
      )
    ).json()) as { limit: number };
    expect(month.limit).toBe(15);
    const half = await request(`/api/get/orders/paginated/influencer/${world.streamer.id}?year=2026`, { headers });
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({ success: false, message: "Year and month are required" });
  });
});

describe("the streamer dashboard", () => {
  it("shows earnings as readable figures, next slots, latest orders, onboarding status and queue counts while live", async () => {
    const world = await streamerWithGame();
    const gig = await createGig(env.DB, world.streamer.id, world.game, { title: "Dashboard duo gig" });
    const { fan } = await loggedInFan({ username: "dash_fan" });
    await paidOrder(world.streamer.id, gig.id, fan.id, 1000, 2);
    await createSlot(env.DB, world.streamer.id, gig.id, new Date(Date.now() + 3 * DAY));
    const dashboard = await readPage(await request("/influencer/dashboard", { headers: { Cookie: world.cookie } }));
    const text = dashboard.text();
    expect(text).toContain("$8 net ($10 paid, $2 platform fee, 1 order)");
    expect(text).toContain("Last 90 days");
    // Where the earned $10 stands: not validated yet, nothing paid out.
    expect(text).toContain("Where your earnings stand");
    expect(dashboard.definition("Waiting for staff to confirm the sessions were played")).toBe("$10");
    expect(dashboard.definition("Paid out to you")).toBe("$0");
    expect(text).toContain("Dashboard duo gig");
    expect(text).toContain("dash_fan");
    expect(dashboard.textOf('[data-testid="onboarding-status"]')).toMatch(/^Not submitted yet/);
    expect(text).toContain("You are not live.");
    const live = await createLiveSession(env.DB, world.streamer.id, world.game, { title: "Live now duo" });
    const regular = await loggedInFan();
    await joinQueue(env.DB, live.id, regular.fan.id, 1);
    const livePage = await readPage(await request("/influencer/dashboard", { headers: { Cookie: world.cookie } }));
    expect(livePage.text()).toContain("Live now: Live now duo · 0 VIP · 1 regular in queue");
    expect(livePage.byRole("link", { name: "Queue Dashboard" }).getAttribute("href")).toBe(
      `/influencer/live/session/${live.id}`,
    );
  });
});

function usd(amountMinor: number) {
  return { amountMinor, currency: "USD" };
}
