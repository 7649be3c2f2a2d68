import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { answerMoveOffer, refundUnansweredMoveOffers } from "~/features/booking/move-offers.server";
import { waitingMoveOffersOf } from "~/features/booking/move-offers-waiting.server";
import { formatSlotTime, formatWhen, zonedDate } from "~/features/time";
import { getDb } from "~/platform/db.server";
import { setUserTimeZone, viewerOf } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { api } from "./booking-world";
import { bookedSlot, offer, one } from "./move-offer-world";

const STREAMER_ZONE = "Asia/Kolkata";

async function slotTimes(slotId: string) {
  const row = await one<{ starts_at: number; ends_at: number }>(
    "SELECT starts_at, ends_at FROM slots WHERE id = ?",
    slotId,
  );
  return { startsAt: new Date(row?.starts_at ?? 0), endsAt: new Date(row?.ends_at ?? 0) };
}

async function expiryOf(bookingId: string) {
  const row = await one<{ expires_at: number }>(
    "SELECT expires_at FROM move_offers WHERE booking_id = ? AND state = 'offered'",
    bookingId,
  );
  return new Date(row?.expires_at ?? 0);
}

/** The streamer's calendar card of a slot, on the page of its month where the streamer lives. */
async function calendarCard(streamerCookie: string, slotId: string) {
  const { startsAt } = await slotTimes(slotId);
  const [year, month] = zonedDate(startsAt, STREAMER_ZONE).split("-").map(Number);
  const page = await readPage(
    await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, {
      headers: { Cookie: streamerCookie },
    }),
  );
  const card = page.get(`#slot-${slotId}`);
  const line = (testId: string) => card.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/\s+/g, " ");
  return { deciding: line("move-deciding") ?? null, held: line("move-held") ?? null };
}

describe("the streamer's calendar: buyers still deciding on an offer of another time", () => {
  it("says how many are deciding, on which time and until when, in the streamer's zone; then who is left; then none", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    await setUserTimeZone(env.DB, world.streamer.id, STREAMER_ZONE);
    expect(await calendarCard(streamerCookie, world.slot.id)).toEqual({ deciding: null, held: null });

    expect((await offer(streamerCookie, world.slot.id, later.id)).status).toBe(302);
    const until = await expiryOf(mira.bookingId);
    const to = await slotTimes(later.id);
    const deadline = formatWhen(until, STREAMER_ZONE);
    expect(deadline).toMatch(/IST$/);
    const before = await calendarCard(streamerCookie, world.slot.id);
    expect(before.deciding).toContain("2 buyers (3 seats) still deciding");
    expect(before.deciding).toContain(formatSlotTime(to.startsAt, to.endsAt, STREAMER_ZONE));
    expect(before.deciding).toContain(`until ${deadline}`);
    expect(before.held).toBeNull();
    expect((await calendarCard(streamerCookie, later.id)).held).toContain(
      `3 seats held for 2 buyers deciding on a move here, until ${deadline}`,
    );

    // Mira takes the new time: Theo alone is still deciding.
    await answerMoveOffer(env, viewerOf(mira.user), { orderId: mira.orderId, choice: "move" });
    expect((await calendarCard(streamerCookie, world.slot.id)).deciding).toContain("1 buyer (1 seat) still deciding");
    expect((await calendarCard(streamerCookie, later.id)).held).toContain("1 seat held for 1 buyer deciding");

    // At the deadline nobody is deciding any more, even before the cron refunds Theo.
    const db = getDb(env);
    expect(await waitingMoveOffersOf(db, [world.slot.id], new Date(until.getTime() - 1))).toHaveLength(1);
    expect(await waitingMoveOffersOf(db, [world.slot.id, later.id], until)).toEqual([]);
    expect(await refundUnansweredMoveOffers(env, until)).toBe(1);
    expect(await calendarCard(streamerCookie, world.slot.id)).toEqual({ deciding: null, held: null });
    expect(
      (await one<{ state: string }>("SELECT state FROM move_offers WHERE booking_id = ?", theo.bookingId))?.state,
    ).toBe("refunded");
  }, 60_000);
});

/** The order's keys before the offer was added to it: none of them changes. */
const ORDER_KEYS = [
  "_id",
  "orderId",
  "paymentSessionId",
  "_user_id",
  "_influencer_id",
  "_slot_id",
  "_live_session_id",
  "_product_id",
  "product_title",
  "kind",
  "status",
  "statusText",
  "bookingId",
  "bookingStatus",
  "numberOfPlayers",
  "gamerTags",
  "amount",
  "discount",
  "refunded",
  "net",
  "currency",
  "promoCode",
  "paymentMethod",
  "user",
  "influencer",
  "slot",
  "lobbyCode",
  "canEditGamerTags",
  "canCancel",
  "invoiceUrl",
  "createdAt",
  "paidAt",
];

type OrderJson = Record<string, unknown> & { moveOffer: unknown; _slot_id: string };

async function orderById(cookie: string, orderId: string) {
  const response = await api(`/api/get/order_by_orderid/${orderId}`, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderJson }).order;
}

async function ordersOf(cookie: string, userId: string) {
  const response = await api(`/api/get/orders_by_userid/${userId}?page=1&limit=10`, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: OrderJson[] }).orders;
}

describe("the order's JSON: the offer of another time waiting for the fan", () => {
  it("carries moveOffer (the new slot, its times, the deadline) while it waits, null otherwise, other keys as before", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    const plain = await orderById(mira.cookie, mira.orderId);
    expect(plain.moveOffer).toBeNull();
    expect(Object.keys(plain).sort()).toEqual([...ORDER_KEYS, "moveOffer"].sort());

    await offer(streamerCookie, world.slot.id, later.id);
    const to = await slotTimes(later.id);
    const waiting = {
      slotId: later.id,
      startsAt: to.startsAt.toISOString(),
      endsAt: to.endsAt.toISOString(),
      expiresAt: (await expiryOf(mira.bookingId)).toISOString(),
    };
    const offered = await orderById(mira.cookie, mira.orderId);
    expect(offered.moveOffer).toEqual(waiting);
    expect(Object.keys(offered).sort()).toEqual(Object.keys(plain).sort());
    const listed = await ordersOf(mira.cookie, mira.user.id);
    expect(listed.map((order) => [order.orderId, order.moveOffer])).toEqual([[mira.orderId, waiting]]);
    // The offer is the buyer's to answer: the streamer's view of the order carries none.
    expect((await orderById(streamerCookie, mira.orderId)).moveOffer).toBeNull();

    // Answered: no offer waits any more, on the order or in the list; the other buyer's still does.
    await answerMoveOffer(env, viewerOf(mira.user), { orderId: mira.orderId, choice: "move" });
    const moved = await orderById(mira.cookie, mira.orderId);
    expect([moved.moveOffer, moved._slot_id]).toEqual([null, later.id]);
    expect((await ordersOf(mira.cookie, mira.user.id))[0]?.moveOffer).toBeNull();
    expect((await orderById(theo.cookie, theo.orderId)).moveOffer).toMatchObject({ slotId: later.id });
  }, 60_000);
});
