import { env } from "cloudflare:workers";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import {
  addBookingGamertags,
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  moveSlot,
  setSlotLobbyCode,
} from "../factories";
import { pdfText } from "../support/pdf-text";
import { request } from "./app";

const HOUR = 3_600_000;

async function cookieFor(userId: string) {
  return (await createSession(env, userId)).split(";")[0] ?? "";
}

function get(path: string, cookie: string) {
  return request(path, { headers: { Cookie: cookie } });
}

function post(path: string, body: unknown, cookie: string) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { Cookie: cookie, "Content-Type": "application/json" },
  });
}

/** A fan with a confirmed booking (two seats, two gamer tags) on a slot in 20 minutes with a lobby code. */
async function world() {
  const streamer = await createStreamer(env.DB, { fullName: "Ava Streamer" });
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Ranked duos with Ava" });
  const startsAt = new Date(Date.now() + 20 * 60_000);
  const slot = await createSlot(env.DB, streamer.id, gig.id, startsAt, { seats: 4 });
  const later = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 72 * HOUR), { seats: 4 });
  const fan = await createUser(env.DB, { fullName: "Fan One", username: `fan_${Date.now() % 100000}` });
  const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed", 2);
  const tags = await addBookingGamertags(env.DB, booking.id, ["fan#1", "buddy#2"]);
  const laterBooking = await createBooking(env.DB, { id: later.id, influencerId: streamer.id }, fan.id, "confirmed", 1);
  await addBookingGamertags(env.DB, laterBooking.id, ["fan#1"]);
  await setSlotLobbyCode(env.DB, slot.id, "LOBBY-42");
  const sessionId = `cs_test_${booking.orderId}`;
  await env.DB.prepare("UPDATE orders SET checkout_session_id = ? WHERE id = ?").bind(sessionId, booking.orderId).run();
  const stranger = await createUser(env.DB);
  const finance = await createUser(env.DB, { role: "finance" });
  const developer = await createUser(env.DB, { role: "developer" });
  return {
    streamer,
    gig,
    slot,
    later,
    fan,
    booking,
    laterBooking,
    tags,
    sessionId,
    cookies: {
      fan: await cookieFor(fan.id),
      streamer: await cookieFor(streamer.id),
      stranger: await cookieFor(stranger.id),
      finance: await cookieFor(finance.id),
      developer: await cookieFor(developer.id),
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

async function bookingState(w: World) {
  return env.DB.prepare(
    `SELECT b.status, o.refunded_minor AS refunded, group_concat(g.gamertag, ',') AS tags
     FROM bookings b JOIN orders o ON o.id = b.order_id LEFT JOIN booking_gamertags g ON g.booking_id = b.id
     WHERE b.id IN (?, ?) GROUP BY b.id ORDER BY b.id`,
  )
    .bind(w.booking.id, w.laterBooking.id)
    .all()
    .then((r) => r.results);
}

describe("another user's order, invoice, lobby code or booking: 403/404 on every call", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  const now = new Date();
  const calls: { name: string; send: (w: World, cookie: string) => Promise<Response> }[] = [
    { name: "GET order_by_orderid", send: (w, c) => get(`/api/get/order_by_orderid/${w.booking.orderId}`, c) },
    {
      name: "GET orders_by_stipe_session_id",
      send: (w, c) => get(`/api/get/orders_by_stipe_session_id/${w.sessionId}`, c),
    },
    { name: "GET orders_by_userid", send: (w, c) => get(`/api/get/orders_by_userid/${w.fan.id}`, c) },
    { name: "GET orders/paginated/user", send: (w, c) => get(`/api/get/orders/paginated/user/${w.fan.id}?page=1`, c) },
    {
      name: "GET orders/monthly/user",
      send: (w, c) =>
        get(`/api/get/orders/monthly/user/${w.fan.id}?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`, c),
    },
    { name: "GET user_order/invoice", send: (w, c) => get(`/api/get/user_order/invoice/${w.booking.orderId}`, c) },
    { name: "GET user/lobby-code-details", send: (w, c) => get(`/api/user/lobby-code-details?slotId=${w.slot.id}`, c) },
    {
      name: "POST orders/update_gamer_tags",
      send: (w, c) =>
        post(
          "/api/orders/update_gamer_tags",
          {
            order_id: w.booking.orderId,
            slot_id: w.slot.id,
            updatedGamerTagsWithId: [{ _id: w.tags[0]?.id, gamerTag: "hijacked" }],
          },
          c,
        ),
    },
    {
      name: "POST v1/user/edit-gamer-tag",
      send: (w, c) =>
        post("/api/v1/user/edit-gamer-tag", { slotId: w.slot.id, gamerTagId: w.tags[0]?.id, gamerTag: "hijacked" }, c),
    },
    {
      name: "POST post/slots/delete/user {slotId}",
      send: (w, c) => post("/api/post/slots/delete/user", { slotId: w.later.id }, c),
    },
    {
      name: "POST post/slots/delete/user {bookingId}",
      send: (w, c) => post("/api/post/slots/delete/user", { bookingId: w.laterBooking.id }, c),
    },
    {
      name: "POST post/slots/delete/user {orderId}",
      send: (w, c) => post("/api/post/slots/delete/user", { orderId: w.laterBooking.orderId }, c),
    },
  ];

  for (const call of calls) {
    it(`${call.name}: a stranger is refused, nothing changes`, async () => {
      const before = await bookingState(w);
      const response = await call.send(w, w.cookies.stranger);
      expect([403, 404]).toContain(response.status);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toBeTruthy();
      expect(await bookingState(w)).toEqual(before);
    });

    it(`${call.name}: logged out is 401`, async () => {
      expect((await call.send(w, "")).status).toBe(401);
    });
  }

  it("POST v1/user/booked-slot-details shows a stranger none of the fan's bookings", async () => {
    const response = await post("/api/v1/user/booked-slot-details", { productId: w.gig.id }, w.cookies.stranger);
    expect(await response.json()).toEqual({ success: true, bookedSlots: [] });
  });

  it("staff without the orders capability are strangers too; the streamer paid and finance may read", async () => {
    const orderPath = `/api/get/order_by_orderid/${w.booking.orderId}`;
    const invoicePath = `/api/get/user_order/invoice/${w.booking.orderId}`;
    expect((await get(orderPath, w.cookies.developer)).status).toBe(404);
    expect((await get(invoicePath, w.cookies.developer)).status).toBe(404);
    for (const cookie of [w.cookies.fan, w.cookies.streamer, w.cookies.finance]) {
      expect((await get(orderPath, cookie)).status).toBe(200);
      expect((await get(invoicePath, cookie)).status).toBe(200);
    }
    // The streamer reads the order but cannot edit it or see the buyer's email.
    const asStar = (await (await get(orderPath, w.cookies.streamer)).json()) as { order: Record<string, unknown> };
    expect(asStar.order.canEditGamerTags).toBe(false);
    expect(asStar.order.lobbyCode).toBeNull();
    const edit = await post(
      "/api/orders/update_gamer_tags",
      { order_id: w.booking.orderId, updatedGamerTagsWithId: [{ _id: w.tags[0]?.id, gamerTag: "x" }] },
      w.cookies.streamer,
    );
    expect(edit.status).toBe(404);
    // A user's whole order list is the user's and order staff's only.
    expect((await get(`/api/get/orders_by_userid/${w.fan.id}`, w.cookies.streamer)).status).toBe(404);
    expect((await get(`/api/get/orders_by_userid/${w.fan.id}`, w.cookies.finance)).status).toBe(200);
  });
});

describe("the fan's own calls", () => {
  it("reads the order with status in words, gamer tags with ids and the lobby code near the start", async () => {
    const w = await world();
    const response = await get(`/api/get/order_by_orderid/${w.booking.orderId}`, w.cookies.fan);
    expect(response.status).toBe(200);
    const { order } = (await response.json()) as { order: Record<string, unknown> };
    expect(order).toMatchObject({
      _id: w.booking.orderId,
      paymentSessionId: w.sessionId,
      _user_id: w.fan.id,
      _influencer_id: w.streamer.id,
      _slot_id: w.slot.id,
      statusText: "confirmed",
      lobbyCode: "LOBBY-42",
      canEditGamerTags: true,
      canCancel: true,
      gamerTags: [
        { _id: w.tags[0]?.id, gamerTag: "fan#1" },
        { _id: w.tags[1]?.id, gamerTag: "buddy#2" },
      ],
    });
    const lobby = await get(`/api/user/lobby-code-details?slotId=${w.slot.id}`, w.cookies.fan);
    expect(await lobby.json()).toEqual({
      success: true,
      data: {
        lobbyCode: "LOBBY-42",
        streamerId: w.streamer.id,
        productId: w.gig.id,
        slotId: w.slot.id,
        liveSessionId: null,
      },
    });
    // The later slot has no code (and is not near): an empty entry.
    const empty = await get(`/api/user/lobby-code-details?slotId=${w.later.id}`, w.cookies.fan);
    expect(await empty.json()).toMatchObject({ success: true, data: { lobbyCode: "", slotId: w.later.id } });
  });

  it("updates gamer tags ('Gamertags updated successfully') and edits one by slot", async () => {
    const w = await world();
    const response = await post(
      "/api/orders/update_gamer_tags",
      {
        order_id: w.booking.orderId,
        slot_id: w.slot.id,
        updatedGamerTagsWithId: [
          { _id: w.tags[0]?.id, gamerTag: "  newtag  " },
          { _id: w.tags[1]?.id, gamerTag: "other" },
        ],
      },
      w.cookies.fan,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      message: "Gamertags updated successfully",
      gamerTags: [{ gamerTag: "newtag" }, { gamerTag: "other" }],
    });
    const one = await post(
      "/api/v1/user/edit-gamer-tag",
      { slotId: w.slot.id, gamerTagId: w.tags[1]?.id, gamerTag: "third" },
      w.cookies.fan,
    );
    expect(await one.json()).toMatchObject({ success: true, message: "Gamertags updated successfully" });
    // A tag of another booking, and an empty tag, are refused.
    const foreign = await post(
      "/api/v1/user/edit-gamer-tag",
      { slotId: w.later.id, gamerTagId: w.tags[1]?.id, gamerTag: "x" },
      w.cookies.fan,
    );
    expect(foreign.status).toBe(400);
    const blank = await post(
      "/api/v1/user/edit-gamer-tag",
      { slotId: w.slot.id, gamerTagId: w.tags[1]?.id, gamerTag: "  " },
      w.cookies.fan,
    );
    expect(blank.status).toBe(400);
    const details = await post("/api/v1/user/booked-slot-details", { productId: w.gig.id }, w.cookies.fan);
    const body = (await details.json()) as { bookedSlots: { slotId: string; gamerTags: { gamerTag: string }[] }[] };
    expect(body.bookedSlots.map((s) => s.slotId)).toEqual([w.slot.id, w.later.id]);
    expect(body.bookedSlots[0]?.gamerTags.map((t) => t.gamerTag)).toEqual(["newtag", "third"]);
  });

  it("cannot change gamer tags once the slot has started", async () => {
    const w = await world();
    await moveSlot(env.DB, w.slot.id, new Date(Date.now() - 60_000), new Date(Date.now() + HOUR));
    const response = await post(
      "/api/orders/update_gamer_tags",
      { order_id: w.booking.orderId, updatedGamerTagsWithId: [{ _id: w.tags[0]?.id, gamerTag: "late" }] },
      w.cookies.fan,
    );
    expect(response.status).toBe(409);
  });

  it("lists orders 10 a page and by month; year and month come together", async () => {
    const w = await world();
    const now = new Date();
    const page = await get(`/api/get/orders/paginated/user/${w.fan.id}?page=1&limit=1`, w.cookies.fan);
    expect(await page.json()).toMatchObject({ success: true, total: 2, totalPages: 2, page: 1, limit: 1 });
    const defaults = (await (await get(`/api/get/orders_by_userid/${w.fan.id}`, w.cookies.fan)).json()) as {
      limit: number;
      orders: unknown[];
    };
    expect(defaults.limit).toBe(10);
    expect(defaults.orders).toHaveLength(2);
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth() + 1;
    const thisMonth = await get(`/api/get/orders/monthly/user/${w.fan.id}?year=${y}&month=${m}`, w.cookies.fan);
    expect(await thisMonth.json()).toMatchObject({ total: 2, limit: 15 });
    const otherMonth = await get(`/api/get/orders/paginated/user/${w.fan.id}?year=${y - 1}&month=${m}`, w.cookies.fan);
    expect(await otherMonth.json()).toMatchObject({ total: 0, orders: [] });
    for (const query of [`?year=${y}`, `?month=${m}`, "", `?year=${y}&month=13`, `?year=abc&month=1`]) {
      const monthly = await get(`/api/get/orders/monthly/user/${w.fan.id}${query}`, w.cookies.fan);
      expect(monthly.status, query).toBe(400);
      expect(await monthly.json(), query).toEqual({ success: false, message: "Year and month are required" });
    }
    for (const query of [`?year=${y}`, `?month=${m}`]) {
      const paginated = await get(`/api/get/orders/paginated/user/${w.fan.id}${query}`, w.cookies.fan);
      expect(await paginated.json(), query).toEqual({ success: false, message: "Year and month are required" });
    }
  });

  it("cancels through post/slots/delete/user with the policy refund to the wallet, once, and the seat returns", async () => {
    const w = await world();
    const seatsOfLater = async () => {
      const response = await get(`/api/get/upcomingsessions/${w.streamer.id}`, w.cookies.fan);
      // The catalogue's own seat count (a star's upcoming sessions): confirmed and live held seats taken.
      const body = (await response.json()) as { data: { _id: string; seatsAvailable: number }[] };
      return body.data.find((session) => session._id === w.later.id)?.seatsAvailable;
    };
    expect(await seatsOfLater()).toBe(3);
    const first = await post("/api/post/slots/delete/user", { slotId: w.later.id }, w.cookies.fan);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      success: true,
      refundTier: "full",
      refundedAmount: 1000,
      currency: "USD",
    });
    const again = await post("/api/post/slots/delete/user", { bookingId: w.laterBooking.id }, w.cookies.fan);
    expect(again.status).toBe(409);
    const order = (await (await get(`/api/get/order_by_orderid/${w.laterBooking.orderId}`, w.cookies.fan)).json()) as {
      order: { statusText: string; refunded: number; canCancel: boolean };
    };
    expect(order.order).toMatchObject({ statusText: "refunded", refunded: 1000, canCancel: false });
    expect(await seatsOfLater()).toBe(4);
  });
});

describe("the invoice", () => {
  it("is a private PDF with both parties, the order id, the amounts, discount and taxes", async () => {
    const w = await world();
    const response = await get(`/api/get/user_order/invoice/${w.booking.orderId}?tz=Asia/Kolkata`, w.cookies.fan);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Noobrd invoice ${w.booking.orderId}`);
    const text = pdfText(pdf);
    for (const expected of [
      "INVOICE",
      `Order ID: ${w.booking.orderId}`,
      "Ava Streamer",
      "Fan One",
      "Ranked duos with Ava",
      "USD 20",
      "Discount",
      "Taxes",
      "India Standard Time (IST)",
      "fan#1, buddy#2",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});
