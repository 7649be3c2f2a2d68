import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withdrawMoveOffer } from "~/features/booking/index.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createUser, viewerOf } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { api } from "./booking-world";
import { bookedSlot, offer, one, withdraw } from "./move-offer-world";

/**
 * "Offer another time" asks first, naming the slot, the new time and the fans, and the streamer can take the offer
 * back while no fan has answered: the slot opens again, the bookings stand, the new time's held seats are freed and
 * each fan is told (app/features/booking/move-offer-withdraw.server.ts).
 */
const slotStatus = async (id: string) =>
  (await one<{ status: string }>("SELECT status FROM slots WHERE id = ?", id))?.status;
const offers = async (slotId: string) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM move_offers WHERE from_slot_id = ?", slotId))?.n;

describe("a streamer's offer of another time", () => {
  it("asks first without JavaScript, naming the fans and both times, and changes nothing until confirmed", async () => {
    const { world, later, mira, streamerCookie } = await bookedSlot();
    const asked = await offer(streamerCookie, world.slot.id, later.id, { confirm: false });
    expect(asked.status).toBe(200);
    const page = await readPage(asked);
    const step = page.document.querySelector('[aria-labelledby="confirm-step"]');
    expect(step?.textContent).toMatch(
      /Move 2 fans from \w{3} \d{1,2} \w{3}, \d\d:\d\d \S+ to \w{3} \d{1,2} \w{3}, \d\d:\d\d/,
    );
    expect(step?.querySelector('input[name="toSlotId"]')?.getAttribute("value")).toBe(later.id);
    expect(step?.querySelector('button[name="confirm"]')?.textContent).toBe("Yes, offer the new time");
    expect(await slotStatus(world.slot.id)).toBe("open");
    expect(await offers(world.slot.id)).toBe(0);
    expect(await one("SELECT id FROM move_offers WHERE booking_id = ?", mira.bookingId)).toBeNull();
  });

  it("withdrawn before any fan answers: the slot reopens, bookings stand, held seats are freed, each fan is told", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    expect((await offer(streamerCookie, world.slot.id, later.id)).status).toBe(302);
    expect(await slotStatus(world.slot.id)).toBe("cancelled");
    const calendar = await readPage(
      await request(
        `/influencer/calendar-dashboard?month=${new Date(world.startsAt).getUTCMonth() + 1}&year=${new Date(world.startsAt).getUTCFullYear()}`,
        { headers: { Cookie: streamerCookie } },
      ),
    );
    expect(calendar.all(`#slot-${world.slot.id} button[value="withdraw-move"]`)).toHaveLength(1);

    const posted = await withdraw(streamerCookie, world.slot.id);
    expect(posted.status).toBe(302);
    expect(await slotStatus(world.slot.id)).toBe("open");
    expect(await offers(world.slot.id)).toBe(0);
    for (const fanOf of [mira, theo]) {
      const booking = await one<{ status: string; slot: string }>(
        "SELECT status, slot_id AS slot FROM bookings WHERE id = ?",
        fanOf.bookingId,
      );
      expect(booking).toEqual({ status: "confirmed", slot: world.slot.id });
      const mails = (await readOutbox(env.PRIVATE_FILES, { to: fanOf.user.email ?? "" })).filter((mail) =>
        mail.subject.startsWith("Offer withdrawn"),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("after all: your booking stands");
      const notice = await one<{ title: string }>(
        "SELECT title FROM notifications WHERE user_id = ? AND title LIKE '%after all%'",
        fanOf.user.id,
      );
      expect(notice?.title).toMatch(/can make .* after all: your booking stands/);
    }
    // The 3 seats held on the new time are free again: the same offer can be made anew.
    expect((await offer(streamerCookie, world.slot.id, later.id)).status).toBe(302);
    expect(await offers(world.slot.id)).toBe(2);
    // The offer made anew can be withdrawn in turn; a second withdrawal finds nothing left to withdraw.
    expect((await withdraw(streamerCookie, world.slot.id)).status).toBe(302);
    expect((await withdraw(streamerCookie, world.slot.id)).status).toBe(409);
  }, 60_000);

  it("is refused once a fan has answered, and changes nothing", async () => {
    const { world, later, mira, theo, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    const answer = await api("/api/orders/move-offer", mira.cookie, { orderId: mira.orderId, choice: "move" });
    expect(answer.status).toBe(200);
    const calendar = await readPage(
      await request(
        `/influencer/calendar-dashboard?month=${new Date(world.startsAt).getUTCMonth() + 1}&year=${new Date(world.startsAt).getUTCFullYear()}`,
        { headers: { Cookie: streamerCookie } },
      ),
    );
    expect(calendar.all(`#slot-${world.slot.id} button[value="withdraw-move"]`)).toHaveLength(0);
    const refused = await withdraw(streamerCookie, world.slot.id);
    expect(refused.status).toBe(409);
    expect(await slotStatus(world.slot.id)).toBe("cancelled");
    expect(
      (await one<{ state: string }>("SELECT state FROM move_offers WHERE booking_id = ?", theo.bookingId))?.state,
    ).toBe("offered");
    expect(
      (await one<{ slot: string }>("SELECT slot_id AS slot FROM bookings WHERE id = ?", mira.bookingId))?.slot,
    ).toBe(later.id);
  }, 60_000);

  it("only the slot's streamer (or who manages their business) may withdraw it", async () => {
    const { world, later, streamerCookie } = await bookedSlot();
    await offer(streamerCookie, world.slot.id, later.id);
    const other = await createUser(env.DB);
    await expect(withdrawMoveOffer(env, viewerOf(other), { slotId: world.slot.id })).rejects.toMatchObject({
      status: 403,
    });
    expect(await slotStatus(world.slot.id)).toBe("cancelled");
  });
});
