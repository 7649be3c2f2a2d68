import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { BOOKING_COPY } from "~/features/booking/copy";
import { placeOrder } from "~/features/booking/purchase.server";
import { rescheduleBooking } from "~/features/booking/reschedule.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createBooking, createGame, createGig, createPlatform, createSlot, creditWallet, viewerOf } from "../factories";
import { parseIcs } from "../support/ics";
import { readPage } from "../support/page";
import { request } from "./app";
import { api, bookingWorld, fan } from "./booking-world";

const DAY = 86_400_000;

async function mailsTo(email: string | null, subject: RegExp) {
  return (await readOutbox(env.PRIVATE_FILES, { to: email ?? "" })).filter((mail) => subject.test(mail.subject));
}

function inviteOf(mail: { attachments?: { content: string }[] } | undefined) {
  const calendar = parseIcs(mail?.attachments?.[0]?.content ?? "");
  const event = calendar.events[0] ?? {};
  return {
    method: calendar.properties.find((p) => p.name === "METHOD")?.value,
    uid: event.UID?.value,
    sequence: Number(event.SEQUENCE?.value),
    start: event.DTSTART?.value,
  };
}

async function placeOf(bookingId: string) {
  return env.DB.prepare(
    "SELECT b.slot_id AS booking, o.slot_id AS orderSlot, b.status, b.invite_sequence AS sequence FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = ?",
  )
    .bind(bookingId)
    .first<{ booking: string; orderSlot: string; status: string; sequence: number }>();
}

async function seatsTaken(slotId: string) {
  const row = await env.DB.prepare(
    "SELECT coalesce(sum(seats), 0) AS n FROM bookings WHERE slot_id = ? AND status = 'confirmed'",
  )
    .bind(slotId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A fan who booked `seats` seats of the world's slot from their wallet, and a later slot of the same gig. */
async function bookedWithAnotherTime(options: { seats?: number; laterSeats?: number; startsInMs?: number } = {}) {
  const world = await bookingWorld({ seats: 4, startsInMs: options.startsInMs ?? 3 * DAY });
  const buyer = await fan({ fullName: "Mira Fan", timeZone: "America/New_York" });
  await creditWallet(env.DB, buyer.user.id, 1_000_000);
  const seats = options.seats ?? 1;
  const placed = await placeOrder(
    env,
    viewerOf(buyer.user),
    {
      slotId: world.slot.id,
      numberOfPlayers: seats,
      multipleGamerTags: Array.from({ length: seats }, (_, i) => `Tag${i}`),
      promoCode: undefined,
      paymentMethod: "wallet",
    },
    "http://localhost",
  );
  const later = await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(world.startsAt.getTime() + DAY), {
    seats: options.laterSeats ?? 3,
  });
  const booking = await env.DB.prepare("SELECT id FROM bookings WHERE order_id = ?")
    .bind(placed.orderId)
    .first<{ id: string }>();
  return { world, buyer, orderId: placed.orderId, bookingId: booking?.id ?? "", later };
}

describe("a fan moves their booking to another time", () => {
  it("moves the seats in one batch, updates the invite (same UID, next SEQUENCE) and tells fan and streamer", async () => {
    const { world, buyer, orderId, bookingId, later } = await bookedWithAnotherTime({ seats: 2 });
    const answer = await api("/api/orders/reschedule", buyer.cookie, { orderId, slotId: later.id });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      success: true,
      orderId,
      fromSlotId: world.slot.id,
      toSlotId: later.id,
    });
    expect(await placeOf(bookingId)).toEqual({
      booking: later.id,
      orderSlot: later.id,
      status: "confirmed",
      sequence: 1,
    });
    expect([await seatsTaken(world.slot.id), await seatsTaken(later.id)]).toEqual([0, 2]);
    // Nothing was charged again: one wallet purchase entry.
    const debits = await env.DB.prepare("SELECT count(*) AS n FROM wallet_entries WHERE order_id = ?")
      .bind(orderId)
      .first<{ n: number }>();
    expect(debits?.n).toBe(1);

    const [confirmation] = await mailsTo(buyer.user.email, /Booking confirmed/);
    const [moved] = await mailsTo(buyer.user.email, /Booking moved/);
    const first = inviteOf(confirmation);
    const second = inviteOf(moved);
    expect(second).toMatchObject({ method: "REQUEST", uid: first.uid, sequence: 1 });
    expect(second.start).not.toBe(first.start);
    expect(moved?.text).toContain("EST"); // the new time in the fan's zone (New York, in winter)
    // It says the old time too, in the same zone.
    expect(moved?.text).toMatch(/is now at .+ \(was .+ (EST|EDT|Eastern)/);
    const notice = await env.DB.prepare(
      "SELECT title FROM notifications WHERE user_id = ? AND title LIKE 'Booking moved%'",
    )
      .bind(buyer.user.id)
      .first<{ title: string }>();
    expect(notice?.title).toMatch(/is now at .+ \(was .+\)$/);
    const streamer = await env.DB.prepare("SELECT email FROM users WHERE id = ?")
      .bind(world.streamer.id)
      .first<{ email: string }>();
    const [told] = await mailsTo(streamer?.email ?? null, /A fan moved their booking/);
    expect(told?.text).toContain("Mira Fan moved their booking");

    // A later cancellation withdraws the moved event: SEQUENCE past the move's.
    await cancelBooking(env, viewerOf(buyer.user), bookingId);
    const [cancelled] = await mailsTo(buyer.user.email, /cancel/i);
    expect(inviteOf(cancelled)).toMatchObject({ method: "CANCEL", uid: first.uid, sequence: 2 });
  }, 60_000);

  it("refuses a move too close to the start, to a full time, to another gig, and of someone else's booking", async () => {
    const late = await bookedWithAnotherTime({ startsInMs: 20 * 60 * 60_000 });
    const tooLate = await api("/api/orders/reschedule", late.buyer.cookie, {
      orderId: late.orderId,
      slotId: late.later.id,
    });
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as { message: string }).message).toBe(BOOKING_COPY.rescheduleTooLate);

    const { world, buyer, orderId, bookingId, later } = await bookedWithAnotherTime({ seats: 2, laterSeats: 2 });
    const other = await fan();
    await createBooking(env.DB, { id: later.id, influencerId: world.streamer.id }, other.user.id, "confirmed");
    const full = await api("/api/orders/reschedule", buyer.cookie, { orderId, slotId: later.id });
    expect([full.status, ((await full.json()) as { message: string }).message]).toEqual([
      409,
      BOOKING_COPY.rescheduleNoSeats,
    ]);

    const platform = await createPlatform(env.DB, "pc");
    const otherGig = await createGig(
      env.DB,
      world.streamer.id,
      await createGame(env.DB, {}, { platformIds: [platform.id] }),
    );
    const elsewhere = await createSlot(env.DB, world.streamer.id, otherGig.id, new Date(Date.now() + 5 * DAY));
    const wrongGig = await api("/api/orders/reschedule", buyer.cookie, { orderId, slotId: elsewhere.id });
    expect(wrongGig.status).toBe(404);

    const theirs = await api("/api/orders/reschedule", other.cookie, { bookingId, slotId: later.id });
    expect(theirs.status).toBe(404);
    // Nothing moved.
    expect(await placeOf(bookingId)).toMatchObject({ booking: world.slot.id, orderSlot: world.slot.id, sequence: 0 });
  });

  it("works without JavaScript: the page lists the gig's other times and the form moves the booking", async () => {
    const { buyer, orderId, bookingId, later } = await bookedWithAnotherTime();
    const page = await readPage(
      await request(`/profile/orders/${orderId}/reschedule`, { headers: { Cookie: buyer.cookie } }),
    );
    expect(page.all('input[name="slotId"]').map((input) => input.getAttribute("value"))).toEqual([later.id]);
    expect(page.text()).toContain("Nothing more to pay");
    // Laid out as the booking picker: the zone said once, a date heading, each time as a tile with its seats left.
    expect(page.textsOf(".slot-picker > p")).toEqual([expect.stringMatching(/^Times in \S/)]);
    expect(page.textsOf(".slot-picker h3")).toHaveLength(1);
    expect(page.textOf(".slot-picker label.time-tile")).toMatch(/^\d{2}:\d{2}–\d{2}:\d{2}$/);
    expect(page.textOf(".slot-picker li small")).toMatch(/left$/);
    const order = await readPage(await request(`/profile/orders/${orderId}`, { headers: { Cookie: buyer.cookie } }));
    expect(order.byRole("link", { name: "Change time" }).getAttribute("href")).toBe(
      `/profile/orders/${orderId}/reschedule`,
    );
    const posted = await request(`/profile/orders/${orderId}/reschedule`, {
      method: "POST",
      body: new URLSearchParams({ slotId: later.id }),
      headers: {
        Cookie: buyer.cookie,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect([posted.status, posted.headers.get("Location")]).toEqual([302, `/profile/orders/${orderId}`]);
    expect((await placeOf(bookingId))?.booking).toBe(later.id);
    const none = await request(`/profile/orders/${orderId}/reschedule`, {
      method: "POST",
      body: new URLSearchParams({}),
      headers: {
        Cookie: buyer.cookie,
        Origin: "http://localhost",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Choose a new time");
  });

  it("30 fans moving into the last seat at once: one wins, the seat counts stay exact, the others keep theirs", async () => {
    const world = await bookingWorld({ seats: 30, startsInMs: 4 * DAY });
    const later = await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(world.startsAt.getTime() + DAY), {
      seats: 2,
    });
    const first = await fan();
    await createBooking(env.DB, { id: later.id, influencerId: world.streamer.id }, first.user.id, "confirmed");
    const fans = await Promise.all(Array.from({ length: 30 }, () => fan()));
    const bookings = await Promise.all(
      fans.map((f) =>
        createBooking(env.DB, { id: world.slot.id, influencerId: world.streamer.id }, f.user.id, "confirmed"),
      ),
    );
    const outcomes = await Promise.allSettled(
      fans.map((f, i) =>
        rescheduleBooking(env, viewerOf(f.user), { bookingId: bookings[i]?.id ?? "", toSlotId: later.id }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ status: 409 });
    }
    expect([await seatsTaken(world.slot.id), await seatsTaken(later.id)]).toEqual([29, 2]);
    const places = await Promise.all(bookings.map((b) => placeOf(b.id)));
    expect(places.filter((p) => p?.booking === later.id && p.orderSlot === later.id)).toHaveLength(1);
    expect(places.filter((p) => p?.booking === world.slot.id && p.orderSlot === world.slot.id)).toHaveLength(29);
  });
});
