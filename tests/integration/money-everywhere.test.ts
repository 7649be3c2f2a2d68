import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { formatMoney, type Money, money } from "~/lib/money";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { sweepOwedWork } from "~workers/jobs";
import { createSlot, creditWallet, moveSlot, setUsdInrRate, updateStreamerProfile, viewerOf } from "../factories";
import { readPage, textOf } from "../support/page";
import { pdfText } from "../support/pdf-text";
import { days, staffUser } from "./admin-world";
import { request } from "./app";
import { api, purchase } from "./booking-world";
import { loggedInFan, streamerWithGame } from "./streamer-world";

/**
 * Every place an order's amount appears, for rupee and dollar orders of ONE streamer, each compared with the
 * order's net in its own currency (docs/domain.md, "Money"): the fan's order list and page, the streamer's
 * dashboard (latest orders, orders table, earnings, payout history, balance), staff payouts, the invoice PDF and
 * the emails. The streamer dashboard once showed a ₹1,999 order as ₹1,68,115.90 (rupees times the rate).
 */
const RATE = 84_100_000; // ₹84.10 per $1
const HOUR = 3_600_000;

type OrderJson = { _id: string; amount: number; refunded: number; net: number; currency: "USD" | "INR" };

async function orderJson(cookie: string, orderId: string): Promise<OrderJson> {
  const response = await api(`/api/get/order_by_orderid/${orderId}`, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderJson }).order;
}

/** The order's net as the app's one definition answers it, checked against its own parts. */
function netOf(order: OrderJson): Money {
  expect(order.net).toBe(order.amount - order.refunded);
  return money(order.net, order.currency);
}

/** The text a signed-in user reads on a page. */
const shownTo = async (path: string, cookie: string) => readPage(await request(path, { headers: { Cookie: cookie } }));

async function world() {
  await setUsdInrRate(env.DB, RATE);
  const { streamer, cookie, game, platformId } = await streamerWithGame({ country: "IN", username: "rupee_star" });
  // Onboarded (verified bank details): payouts may be made to them.
  await updateStreamerProfile(env.DB, streamer.id, { isVerified: true, verifiedAt: new Date() });
  const created = await api("/api/influencer/add/product", cookie, {
    product_title: "Ranked duos in rupees",
    _game_id: game.id,
    _game_mode_id: game.modeId,
    _platform_playing_on_id: platformId,
    price: "1999",
  });
  expect(created.status).toBe(200);
  const gigId = ((await created.json()) as { product: { _id: string } }).product._id;
  const later = await createSlot(env.DB, streamer.id, gigId, new Date(Date.now() + 3 * 24 * HOUR), { seats: 4 });
  const soon = await createSlot(env.DB, streamer.id, gigId, new Date(Date.now() + 10 * HOUR), { seats: 4 });

  const india = await loggedInFan({ country: "IN", username: "kolkata_fan" });
  await creditWallet(env.DB, india.fan.id, 1_000_000, "INR");
  const us = await loggedInFan({ country: "US", username: "nyc_fan" });
  await creditWallet(env.DB, us.fan.id, 10_000, "USD");

  const book = async (cookie: string, slotId: string) => {
    const placed = await api(
      "/api/book-slot/create-order",
      cookie,
      purchase(slotId, ["Ace"], { paymentMethod: "wallet" }),
    );
    expect(placed.status).toBe(200);
    return ((await placed.json()) as { orderId: string }).orderId;
  };
  const inrFull = await book(india.cookie, later.id);
  const inrHalf = await book(india.cookie, soon.id);
  const usd = await book(us.cookie, later.id);
  // Cancelled 10 hours before: the policy keeps half of ₹1,999 (₹999.50 refunded, ₹999.50 kept).
  const booking = await env.DB.prepare("SELECT id FROM bookings WHERE order_id = ?")
    .bind(inrHalf)
    .first<{ id: string }>();
  await cancelBooking(env, viewerOf(india.fan), booking?.id ?? "");
  return { streamer, cookie, india, us, later, soon, orders: { inrFull, inrHalf, usd } };
}

type World = Awaited<ReturnType<typeof world>>;
type Shown = { inrFull: string; inrHalf: string; usd: string };

/** Each order's net as the order API reports it, formatted: what every page must show. */
async function netsOfTheOrders(w: World): Promise<Shown> {
  const inrFull = await orderJson(w.india.cookie, w.orders.inrFull);
  const inrHalf = await orderJson(w.india.cookie, w.orders.inrHalf);
  const usd = await orderJson(w.us.cookie, w.orders.usd);
  expect([inrFull.currency, inrHalf.currency, usd.currency]).toEqual(["INR", "INR", "USD"]);
  expect(inrHalf.refunded).toBe(99_950);
  const shown = {
    inrFull: formatMoney(netOf(inrFull)),
    inrHalf: formatMoney(netOf(inrHalf)),
    usd: formatMoney(netOf(usd)),
  };
  expect(shown).toEqual({ inrFull: "₹1,999", inrHalf: "₹999.50", usd: "$24" });
  return shown;
}

/** The fans' order list and order pages, the invoices, the emails and the cancellation's notification. */
async function expectFansSeeTheirNets(w: World, shown: Shown) {
  // The fan's order list and order page.
  const list = textOf((await shownTo("/profile", w.india.cookie)).get("#orders"));
  expect(list).toContain("₹1,999");
  // It says where the refund went.
  expect(list).toContain(`₹999.50 refunded to your wallet · ${shown.inrHalf} paid after refunds`);
  const page = (await shownTo(`/profile/orders/${w.orders.inrHalf}`, w.india.cookie)).text();
  expect(page).toContain(`${shown.inrHalf} paid after refunds`);
  const usPage = (await shownTo(`/profile/orders/${w.orders.usd}`, w.us.cookie)).text();
  expect(usPage).toContain(shown.usd);
  expect(usPage).not.toContain("₹");

  // The invoices: the net paid of the refunded order, each in its own currency.
  const invoice = async (cookie: string, orderId: string) =>
    pdfText(await PDFDocument.load(await (await api(`/api/get/user_order/invoice/${orderId}`, cookie)).arrayBuffer()));
  expect(await invoice(w.india.cookie, w.orders.inrHalf)).toMatch(/Net paid[\s\S]*INR 999\.50/);
  expect(await invoice(w.us.cookie, w.orders.usd)).toContain("USD 24");

  // The emails: each booking's confirmation says what was paid, in the order's currency; the notification of
  // the cancellation, the refund.
  await sweepOwedWork(env, new Date());
  const mails = async (to: string | null) =>
    (await readOutbox(env.PRIVATE_FILES, { to: to ?? "" })).map((m) => m.text).join("\n");
  expect(await mails(w.india.fan.email)).toContain("You paid ₹1,999.");
  expect(await mails(w.us.fan.email)).toContain(`You paid ${shown.usd}.`);
  // A long notification is cut on the page; its link's title holds it whole.
  const notices = (await shownTo("/notifications", w.india.cookie)).all('[data-testid="notifications"] a[title]');
  expect(notices.map((link) => link.getAttribute("title"))).toContainEqual(
    expect.stringContaining("Booking cancelled: ₹999.50 refunded to your wallet"),
  );
}

/** Staff validate the played sessions and pay them out: one payout per currency, each its orders' net. */
async function staffPayOutPerCurrency(w: World, shown: Shown) {
  for (const [slot, hoursAgo] of [
    [w.later, 48],
    [w.soon, 24],
  ] as const)
    await moveSlot(
      env.DB,
      slot.id,
      new Date(Date.now() - hoursAgo * HOUR),
      new Date(Date.now() - hoursAgo * HOUR + HOUR),
    );
  const finance = await staffUser("finance");
  const staff = (path: string, body: unknown) => api(path, finance.cookie, body);
  const validated = await staff(`/api/admin/influencer-played-validation/${w.streamer.id}`, {
    orderIdArray: [w.orders.inrFull, w.orders.inrHalf, w.orders.usd],
  });
  expect(validated.status).toBe(200);
  const payoutsPage = (
    await shownTo(
      `/admin/payout/influencer/${w.streamer.id}?startTime=${days(-40).toISOString().slice(0, 10)}`,
      finance.cookie,
    )
  ).text();
  // Staff payouts: one proposed payout per currency, each its orders' net, never rupees added to dollars.
  expect(payoutsPage).toContain("₹2,998.50");
  expect(payoutsPage).toContain(`gross ${shown.usd}`);
  for (const amount of Object.values(shown)) expect(payoutsPage, `staff payouts: ${amount}`).toContain(amount);
  for (const mergedOrders of [[w.orders.inrFull, w.orders.inrHalf], [w.orders.usd]]) {
    const created = await staff("/api/admin/create-payout", {
      influencerId: w.streamer.id,
      startTime: days(-40).toISOString(),
      endTime: days(1).toISOString(),
      mergedOrders,
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(200);
    const { payoutId } = (await created.json()) as { payoutId: string };
    expect((await staff("/api/admin/activate-payout", { payoutId })).status).toBe(200);
    expect((await staff("/api/admin/mark-payout-complete", { payoutIds: [payoutId] })).status).toBe(200);
  }
}

/** The streamer's dashboard: latest orders, the orders table, earnings, payout history and the balance. */
async function expectDashboardNets(w: World, shown: Shown) {
  const dashboard = await shownTo("/influencer/dashboard?days=30", w.cookie);
  const section = (id: string) => textOf(dashboard.sectionOf(id));
  for (const id of ["latest-orders", "orders"]) {
    for (const amount of Object.values(shown)) expect(section(id), `${id}: ${amount}`).toContain(amount);
  }
  // Paid ₹2,998.50 + $24 at the default 20% fee: ₹599.70 and $4.80 kept by the platform.
  const earnings = section("earnings-list");
  expect(earnings).toContain("₹2,398.80 + $19.20");
  for (const amount of Object.values(shown)) expect(earnings, `earnings: ${amount}`).toContain(amount);
  const history = section("payouts");
  expect(history).toContain("₹2,998.50");
  expect(history).toContain(shown.usd);
  expect(dashboard.definition("Paid out to you")).toBe("₹2,998.50 + $24");
  const lastMonth = Array.from(dashboard.rowOf("Last 30 days").querySelectorAll("td span"), textOf);
  expect(lastMonth[0]).toBe("₹2,398.80 net (₹2,998.50 paid, ₹599.70 platform fee, 2 orders)");
  expect(lastMonth[1]).toMatch(/^\$19\.20 net/);
  // Nothing anywhere is a rupee amount multiplied by the rate.
  expect(dashboard.text()).not.toMatch(/₹1,68,|₹2,52,/);
}

describe("every amount carries its currency", () => {
  it("shows each order's net in its own currency everywhere, for a rupee and a dollar order of one streamer", async () => {
    const w = await world();
    const shown = await netsOfTheOrders(w);
    await expectFansSeeTheirNets(w, shown);
    await staffPayOutPerCurrency(w, shown);
    await expectDashboardNets(w, shown);
  });
});
