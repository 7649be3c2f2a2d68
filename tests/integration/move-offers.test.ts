import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { BOOKING_COPY } from "~/features/booking/copy";
import { answerMoveOffer, refundUnansweredMoveOffers } from "~/features/booking/move-offers.server";
import { refundStreamerNoShows } from "~/features/booking/no-show.server";
import { sendBookingReminders } from "~/features/booking/reminders.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { creditWallet, viewerOf } from "../factories";
import { parseIcs } from "../support/ics";
import { readPage } from "../support/page";
import { request } from "./app";
import { api, fan, purchase } from "./booking-world";
import { bookedSlot, buyer, DAY, FORM, offer, one } from "./move-offer-world";

const HOUR = 60 * 60_000;

async function mailsTo(email: string | null, subject: RegExp) {
  return (await readOutbox(env.PRIVATE_FILES, { to: email ?? "" })).filter((mail) => subject.test(mail.subject));
}

async function offerOf(bookingId: string) {
  return one<{ id: string; state: string; expires_at: number }>(
    "SELECT id, state, expires_at FROM move_offers WHERE booking_id = ? ORDER BY created_at DESC",
    bookingId,
  );
}

async function placeOf(bookingId: string) {
  return one<{ booking: string; orderSlot: string; status: string; sequence: number }>(
    "SELECT b.slot_id AS booking, o.slot_id AS orderSlot, b.status, b.invite_sequence AS sequence FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = ?",
    bookingId,
  );
}

async function money(orderId: string) {
  const order = await one<{ amount: number; refunded: number; status: string }>(
    "SELECT amount_minor AS amount, refunded_minor AS refunded, status FROM orders WHERE id = ?",
    orderId,
  );
  const refunds = await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId);
  return { ...order, refunds: refunds?.n ?? 0 };
}

describe("a streamer offers a booked slot's buyers another time", () => {
  it("closes the old slot, holds the new time's seats for the buyers and tells each fan where to answer", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    const before = Date.now();
    const calendar = await readPage(
      await request(
        `/influencer/calendar-dashboard?month=${new Date(world.startsAt).getUTCMonth() + 1}&year=${new Date(world.startsAt).getUTCFullYear()}`,
        {
          headers: { Cookie: streamerCookie },
        },
      ),
    );
    expect(calendar.all(`#slot-${world.slot.id} select[name="toSlotId"] option[value="${later.id}"]`)).toHaveLength(1);

    const posted = await offer(streamerCookie, world.slot.id, later.id);
    expect(posted.status).toBe(302);
    expect((await one<{ status: string }>("SELECT status FROM slots WHERE id = ?", world.slot.id))?.status).toBe(
      "cancelled",
    );
    for (const fanOf of [mira, theo]) {
      const row = await offerOf(fanOf.bookingId);
      expect(row?.state).toBe("offered");
      // 48 hours after the offer (the old slot starts later than that).
      expect(row?.expires_at).toBeGreaterThanOrEqual(before + 2 * DAY);
      expect(row?.expires_at).toBeLessThanOrEqual(Date.now() + 2 * DAY);
      expect((await placeOf(fanOf.bookingId))?.status).toBe("confirmed");
    }
    // The new time's 3 seats are held for the two buyers: another fan cannot take one.
    const other = await fan();
    await creditWallet(env.DB, other.user.id, 1_000_000);
    const taken = await api(
      "/api/book-slot/create-order",
      other.cookie,
      purchase(later.id, ["Late"], { paymentMethod: "wallet" }),
    );
    expect(taken.status).toBe(409);

    const [mail] = await mailsTo(mira.user.email, /New time offered/);
    expect(mail?.text).toContain("Test Star can't make");
    expect(mail?.text).toContain("EST"); // in the fan's zone (New York, in winter)
    expect(mail?.text).toContain(`/profile/orders/${mira.orderId}/new-time`);
    const notice = await one<{ title: string; url: string }>(
      "SELECT title, url FROM notifications WHERE user_id = ? AND url LIKE '%new-time'",
      mira.user.id,
    );
    expect(notice?.title).toMatch(/can't make .* Move to .* or get a full refund/);

    const order = await readPage(
      await request(`/profile/orders/${mira.orderId}`, { headers: { Cookie: mira.cookie } }),
    );
    // The order's page is headed by what was bought and with whom, not by its bare id.
    expect(order.textOf("h1")).toBe(`Gig ${world.gig.id.slice(0, 6)} with Test Star`);
    expect(order.byTestId("move-offer").textContent).toContain("can't make this time");
    expect(order.all('a[href$="/reschedule"]')).toHaveLength(0);
    const page = await readPage(
      await request(`/profile/orders/${mira.orderId}/new-time`, { headers: { Cookie: mira.cookie } }),
    );
    expect(page.all('button[name="choice"]').map((button) => button.getAttribute("value"))).toEqual(["move", "refund"]);
  }, 60_000);

  it("refuses a time without room for every buyer, and changes nothing", async () => {
    const { world, later, mira, streamerCookie } = await bookedSlot({ laterSeats: 2 });
    const posted = await offer(streamerCookie, world.slot.id, later.id);
    expect(posted.status).toBe(409);
    expect((await one<{ status: string }>("SELECT status FROM slots WHERE id = ?", world.slot.id))?.status).toBe(
      "open",
    );
    expect(await offerOf(mira.bookingId)).toBeNull();
  });

  it("a fan who moves: booking and order follow to the new time, the invite's next SEQUENCE, both told", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    const answer = await api("/api/orders/move-offer", mira.cookie, { orderId: mira.orderId, choice: "move" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true, choice: "move", slotId: later.id });
    expect(await placeOf(mira.bookingId)).toEqual({
      booking: later.id,
      orderSlot: later.id,
      status: "confirmed",
      sequence: 1,
    });
    expect((await offerOf(mira.bookingId))?.state).toBe("moved");
    expect((await money(mira.orderId)).refunds).toBe(0);
    const [moved] = await mailsTo(mira.user.email, /Booking moved/);
    const invite = parseIcs(moved?.attachments?.[0]?.content ?? "");
    expect(invite.events[0]?.SEQUENCE?.value).toBe("1");
    const streamer = await one<{ email: string }>("SELECT email FROM users WHERE id = ?", world.streamer.id);
    expect((await mailsTo(streamer?.email ?? null, /A fan moved their booking/)).length).toBe(1);
    // Answered once: a second answer is refused, and the other fan's offer still waits.
    const again = await api("/api/orders/move-offer", mira.cookie, { orderId: mira.orderId, choice: "refund" });
    expect(again.status).toBe(409);
    expect((await offerOf(theo.bookingId))?.state).toBe("offered");
  }, 60_000);

  it("a fan who takes the refund (the page's plain form): cancelled, refunded in full to the wallet, once", async () => {
    const { world, later, mira, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    // While the offer waits, its answer decides: the fan's own cancellation (a partial refund, maybe) and own move
    // are refused.
    await expect(cancelBooking(env, viewerOf(mira.user), mira.bookingId)).rejects.toThrow(
      BOOKING_COPY.moveOfferAwaiting,
    );
    const moveAlone = await api("/api/orders/reschedule", mira.cookie, { orderId: mira.orderId, slotId: later.id });
    expect([moveAlone.status, ((await moveAlone.json()) as { message: string }).message]).toEqual([
      409,
      BOOKING_COPY.moveOfferAwaiting,
    ]);
    const posted = await request(`/profile/orders/${mira.orderId}/new-time`, {
      method: "POST",
      body: new URLSearchParams({ choice: "refund" }),
      headers: { Cookie: mira.cookie, ...FORM },
    });
    expect([posted.status, posted.headers.get("Location")]).toEqual([302, `/profile/orders/${mira.orderId}`]);
    expect((await placeOf(mira.bookingId))?.status).toBe("cancelled");
    expect((await offerOf(mira.bookingId))?.state).toBe("refunded");
    const paid = await money(mira.orderId);
    expect(paid).toMatchObject({ status: "refunded", refunds: 1 });
    expect(paid.refunded).toBe(paid.amount);
    const again = await request(`/profile/orders/${mira.orderId}/new-time`, {
      method: "POST",
      body: new URLSearchParams({ choice: "move" }),
      headers: { Cookie: mira.cookie, ...FORM },
    });
    expect(again.status).toBe(409);
    expect((await money(mira.orderId)).refunds).toBe(1);
  }, 60_000);

  it("no answer: the cron refunds at the old slot's start (sooner than 48 hours), and the no-show cron adds nothing", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot({
      startsInMs: 20 * HOUR,
      laterInMs: 2 * DAY,
    });
    await offer(streamerCookie, world.slot.id, later.id);
    const expiresAt = (await offerOf(mira.bookingId))?.expires_at ?? 0;
    expect(expiresAt).toBe(world.startsAt.getTime());
    expect(await refundUnansweredMoveOffers(env, new Date(expiresAt - 1))).toBe(0);
    expect(await refundUnansweredMoveOffers(env, new Date(expiresAt))).toBe(2);
    for (const fanOf of [mira, theo]) {
      expect((await offerOf(fanOf.bookingId))?.state).toBe("refunded");
      expect(await money(fanOf.orderId)).toMatchObject({ status: "refunded", refunds: 1 });
    }
    expect(await refundUnansweredMoveOffers(env, new Date(expiresAt + HOUR))).toBe(0);
    await refundStreamerNoShows(env, new Date(expiresAt + 61 * 60_000));
    for (const fanOf of [mira, theo]) expect((await money(fanOf.orderId)).refunds).toBe(1);
  }, 60_000);

  it("the new time cancelled meanwhile: the next cron run refunds the waiting offers", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    await cancelSlot(env, viewerOf(world.streamer), later.id);
    expect(await refundUnansweredMoveOffers(env, new Date())).toBe(2);
    for (const fanOf of [mira, theo]) {
      expect((await offerOf(fanOf.bookingId))?.state).toBe("refunded");
      expect(await money(fanOf.orderId)).toMatchObject({ status: "refunded", refunds: 1 });
    }
  }, 60_000);

  it("the fan's choice, a second tab's and the cron at once: one outcome, at most one refund", async () => {
    for (let round = 0; round < 3; round++) {
      const { world, later, mira, streamerCookie } = await bookedSlot();
      await offer(streamerCookie, world.slot.id, later.id);
      const expiresAt = (await offerOf(mira.bookingId))?.expires_at ?? 0;
      const viewer = viewerOf(mira.user);
      const at = new Date(expiresAt - 1000);
      const outcomes = await Promise.allSettled([
        answerMoveOffer(env, viewer, { orderId: mira.orderId, choice: "move" }, at),
        answerMoveOffer(env, viewer, { orderId: mira.orderId, choice: round === 1 ? "move" : "refund" }, at),
        refundUnansweredMoveOffers(env, new Date(expiresAt)),
      ]);
      const answered = outcomes.slice(0, 2).filter((outcome) => outcome.status === "fulfilled");
      const state = (await offerOf(mira.bookingId))?.state;
      const place = await placeOf(mira.bookingId);
      const paid = await money(mira.orderId);
      expect(["moved", "refunded"]).toContain(state);
      expect(paid.refunds).toBeLessThanOrEqual(1);
      if (state === "moved") {
        expect(place).toMatchObject({ booking: later.id, orderSlot: later.id, status: "confirmed", sequence: 1 });
        expect(paid.refunds).toBe(0);
      } else {
        expect(place).toMatchObject({ booking: world.slot.id, status: "cancelled", sequence: 0 });
        expect(paid).toMatchObject({ status: "refunded", refunds: 1 });
      }
      expect(answered.length).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it("a move answered a minute after the deadline, as the cron runs: refunded at once, once, and told so", async () => {
    for (let round = 0; round < 3; round++) {
      const { world, later, mira, streamerCookie } = await bookedSlot();
      await offer(streamerCookie, world.slot.id, later.id);
      const expiresAt = (await offerOf(mira.bookingId))?.expires_at ?? 0;
      // A minute after the deadline, the cron not run yet (it runs every minute).
      const late = new Date(expiresAt + 60_000);
      const [answered, swept] = await Promise.allSettled([
        answerMoveOffer(env, viewerOf(mira.user), { orderId: mira.orderId, choice: "move" }, late),
        // The cron's run at the same moment: first, last, or in between.
        round === 0 ? refundUnansweredMoveOffers(env, late) : Promise.resolve(0),
      ]);
      if (round === 1) await refundUnansweredMoveOffers(env, late);
      // After the answer: only the other buyer's offer is left for the cron.
      if (round === 2) expect(await refundUnansweredMoveOffers(env, new Date(late.getTime() + 60_000))).toBe(1);
      // Whoever settled it, the fan is told the truth: the offer ran out and the booking is refunded.
      expect(answered.status).toBe("rejected");
      expect(answered.status === "rejected" && (answered.reason as Error).message).toBe(BOOKING_COPY.moveOfferRanOut);
      expect(swept.status).toBe("fulfilled");
      expect((await offerOf(mira.bookingId))?.state).toBe("refunded");
      expect(await placeOf(mira.bookingId)).toMatchObject({ booking: world.slot.id, status: "cancelled" });
      const paid = await money(mira.orderId);
      expect(paid).toMatchObject({ status: "refunded", refunds: 1 });
      expect(paid.refunded).toBe(paid.amount);
      const credits = await one<{ n: number }>(
        "SELECT count(*) AS n FROM wallet_entries WHERE order_id = ? AND kind = 'refund'",
        mira.orderId,
      );
      expect(credits?.n).toBe(1);
    }
  }, 120_000);

  it("a late answer through the API and the page: the refund has landed when the fan reads that it ran out", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot({ startsInMs: HOUR / 2 });
    await offer(streamerCookie, world.slot.id, later.id);
    // The old slot's start is the deadline; it passed a minute ago, the cron has not run yet.
    await env.DB.prepare("UPDATE move_offers SET expires_at = ? WHERE from_slot_id = ?")
      .bind(Date.now() - 60_000, world.slot.id)
      .run();
    const answer = await api("/api/orders/move-offer", mira.cookie, { orderId: mira.orderId, choice: "move" });
    expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([
      409,
      BOOKING_COPY.moveOfferRanOut,
    ]);
    expect(await money(mira.orderId)).toMatchObject({ status: "refunded", refunds: 1 });
    const posted = await request(`/profile/orders/${theo.orderId}/new-time`, {
      method: "POST",
      body: new URLSearchParams({ choice: "move" }),
      headers: { Cookie: theo.cookie, ...FORM },
    });
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain(BOOKING_COPY.moveOfferRanOut);
    expect(await money(theo.orderId)).toMatchObject({ status: "refunded", refunds: 1 });
    // The cron finds nothing left to refund.
    expect(await refundUnansweredMoveOffers(env, new Date())).toBe(0);
  }, 60_000);

  it("another account sees no offer and cannot answer it", async () => {
    const { world, later, mira, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    const stranger = await fan();
    const page = await request(`/profile/orders/${mira.orderId}/new-time`, { headers: { Cookie: stranger.cookie } });
    expect(page.status).toBe(404);
    const answer = await api("/api/orders/move-offer", stranger.cookie, { orderId: mira.orderId, choice: "refund" });
    expect(answer.status).toBe(404);
    expect((await offerOf(mira.bookingId))?.state).toBe("offered");
    expect(await money(mira.orderId)).toMatchObject({ refunds: 0 });
  }, 60_000);

  it("a booking awaiting its answer gets no reminder for the old time; once moved, the new time's", async () => {
    const { world, later, mira, streamerCookie } = await bookedSlot({
      startsInMs: 20 * HOUR,
      laterInMs: 20 * HOUR + 3 * 60_000,
      laterSeats: 4,
    });
    const control = await buyer(later.id, 1, "Control Fan");
    await offer(streamerCookie, world.slot.id, later.id);
    // Ten minutes before the old time: both slots are within the 15-minute reminder's lead, the offer still waits.
    const nearStart = new Date(world.startsAt.getTime() - 10 * 60_000);
    await sendBookingReminders(env, nearStart);
    const remindedOf = async (bookingId: string) =>
      (await one<{ n: number }>("SELECT count(*) AS n FROM booking_reminders WHERE booking_id = ?", bookingId))?.n;
    expect(await remindedOf(control.bookingId)).toBe(1);
    expect(await remindedOf(mira.bookingId)).toBe(0);
    expect((await mailsTo(mira.user.email, /Reminder/)).length).toBe(0);
    await answerMoveOffer(env, viewerOf(mira.user), { orderId: mira.orderId, choice: "move" }, nearStart);
    await sendBookingReminders(env, nearStart);
    expect(await remindedOf(mira.bookingId)).toBe(1);
  }, 60_000);
});
