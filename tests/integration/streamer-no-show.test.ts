import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  claimNoShowRefund,
  offerNoShowRefunds,
  refundStreamerNoShows,
  startSlotSession,
} from "~/features/booking/index.server";
import { listStreamersForStaff } from "~/features/staff-streamers/index.server";
import { walletBalance } from "~/features/wallet/ledger.server";
import { AppError } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  setSlotLobbyCode,
  viewerOf,
} from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { streamerWithGame } from "./streamer-world";

const MINUTE = 60_000;

/** A streamer's slot of two hours starting at `start`, with a lobby code, and `fans` fans with a confirmed booking. */
async function bookedSlotWithFans(start: Date, fans = 1) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game);
  const { id } = await createSlot(env.DB, streamer.id, gig.id, start, {
    seats: 4,
    endsAt: new Date(start.getTime() + 120 * MINUTE),
  });
  await setSlotLobbyCode(env.DB, id, "LOBBY-77");
  const slot = { id, influencerId: streamer.id };
  const booked = [];
  for (let i = 0; i < fans; i++) {
    const fan = await createUser(env.DB);
    booked.push({ fan, booking: await createBooking(env.DB, slot, fan.id, "confirmed") });
  }
  return { streamer, slot, booked };
}

async function refundsOf(orderId: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n, coalesce(sum(amount_minor), 0) AS total FROM refunds WHERE order_id = ?",
  )
    .bind(orderId)
    .first<{ n: number; total: number }>();
  return row ?? { n: 0, total: 0 };
}

async function slotRow(slotId: string) {
  return env.DB.prepare("SELECT status, started_at, no_show_at FROM slots WHERE id = ?")
    .bind(slotId)
    .first<{ status: string; started_at: number | null; no_show_at: number | null }>();
}

async function statusOf(promise: Promise<unknown>): Promise<number | "ok"> {
  return promise.then(
    () => "ok",
    (error: unknown) => {
      if (error instanceof AppError) return error.status;
      throw error;
    },
  );
}

describe("Start session", () => {
  it("is the streamer's, from 30 minutes before the start, once; it tells each fan the lobby code", async () => {
    const start = new Date(Date.now() + 20 * MINUTE);
    const { streamer, slot, booked } = await bookedSlotWithFans(start, 2);
    const stranger = await createUser(env.DB);
    expect(await statusOf(startSlotSession(env, viewerOf(stranger), slot.id))).toBe(403);
    expect(
      await statusOf(startSlotSession(env, viewerOf(streamer), slot.id, new Date(start.getTime() - 31 * MINUTE))),
    ).toBe(409);
    expect(await startSlotSession(env, viewerOf(streamer), slot.id)).toEqual({ slotId: slot.id, told: 2 });
    expect(await statusOf(startSlotSession(env, viewerOf(streamer), slot.id))).toBe(409);
    for (const { fan } of booked) {
      const note = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
        .bind(fan.id)
        .all<{ title: string }>();
      expect(note.results.map((n) => n.title)).toEqual([expect.stringContaining("LOBBY-77")]);
    }
    // Started: no no-show refund, by tap or by cron.
    const [first] = booked as [(typeof booked)[0]];
    const late = new Date(start.getTime() + 70 * MINUTE);
    expect(await statusOf(claimNoShowRefund(env, viewerOf(first.fan), first.booking.id, late))).toBe(409);
    expect(await refundStreamerNoShows(env, late)).toEqual([]);
    expect((await refundsOf(first.booking.orderId)).n).toBe(0);
  });
});

describe("Start session on the calendar page (a plain form)", () => {
  it("shows the button on a booked slot in its window, starts it, then says Started", async () => {
    const world = await streamerWithGame();
    const gig = await createGig(env.DB, world.streamer.id, world.game);
    const startsAt = new Date(Date.now() + 10 * MINUTE);
    const { id } = await createSlot(env.DB, world.streamer.id, gig.id, startsAt, { seats: 2 });
    await createBooking(env.DB, { id, influencerId: world.streamer.id }, (await createUser(env.DB)).id, "confirmed");
    const month = `month=${startsAt.getUTCMonth() + 1}&year=${startsAt.getUTCFullYear()}`;
    const calendar = () =>
      request(`/influencer/calendar-dashboard?${month}`, { headers: { Cookie: world.cookie } }).then(readPage);
    expect((await calendar()).textsOf(`#slot-${id} button`)).toContain("Start session");
    const started = await request(`/influencer/calendar-dashboard?${month}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "start", slotId: id }),
      headers: { Cookie: world.cookie },
    });
    expect(started.status).toBe(302);
    expect((await slotRow(id))?.started_at).not.toBeNull();
    const after = await calendar();
    expect(after.textsOf(`#slot-${id} button`)).not.toContain("Start session");
    expect(after.textOf(`#slot-${id}`)).toContain("Started");
  });
});

describe("a streamer no-show", () => {
  it("is offered to the fan from 15 minutes after the start, a full refund to the wallet in one tap", async () => {
    const start = new Date(Date.now() - 30 * MINUTE);
    const { booked } = await bookedSlotWithFans(start);
    const [{ fan, booking }] = booked as [(typeof booked)[0]];
    const early = new Date(start.getTime() + 15 * MINUTE - 1);
    expect(await statusOf(claimNoShowRefund(env, viewerOf(fan), booking.id, early))).toBe(409);
    const stranger = await createUser(env.DB);
    expect(await statusOf(claimNoShowRefund(env, viewerOf(stranger), booking.id))).toBe(404);
    const outcome = await claimNoShowRefund(env, viewerOf(fan), booking.id, new Date(start.getTime() + 15 * MINUTE));
    expect(outcome).toMatchObject({ tier: "full", refundedMinor: 1000, refundTo: "wallet" });
    expect(await walletBalance(getDb(env), fan.id, "USD")).toBe(1000);
    expect(await statusOf(claimNoShowRefund(env, viewerOf(fan), booking.id))).toBe(409);
    expect(await refundsOf(booking.orderId)).toEqual({ n: 1, total: 1000 });
  });

  it("is refunded once when the cron, the fan's tap and a late Start session race", async () => {
    for (let round = 0; round < 4; round++) {
      const start = new Date(Date.now() - 61 * MINUTE - round);
      const { streamer, slot, booked } = await bookedSlotWithFans(start, 2);
      const [{ fan, booking }, other] = booked as [(typeof booked)[0], (typeof booked)[0]];
      const now = new Date(start.getTime() + 60 * MINUTE);
      const [cron, tap, started] = await Promise.all([
        statusOf(refundStreamerNoShows(env, now)),
        statusOf(claimNoShowRefund(env, viewerOf(fan), booking.id, now)),
        statusOf(startSlotSession(env, viewerOf(streamer), slot.id, now)),
      ]);
      expect(cron).toBe("ok");
      // The fan's tap wins or finds the booking already refunded; a start at the no-show deadline is too late.
      expect([200, 409]).toContain(tap === "ok" ? 200 : tap);
      expect(started).toBe(409);
      for (const { fan: f, booking: b } of [{ fan, booking }, other]) {
        expect(await refundsOf(b.orderId)).toEqual({ n: 1, total: 1000 });
        expect(await walletBalance(getDb(env), f.id, "USD")).toBe(1000);
      }
      // Another cron run refunds nothing more; the slot is a no-show, closed, and its streamer told once.
      expect(await refundStreamerNoShows(env, new Date(now.getTime() + MINUTE))).toEqual([]);
      expect(await slotRow(slot.id)).toMatchObject({ status: "cancelled", started_at: null });
      expect((await slotRow(slot.id))?.no_show_at).toBe(now.getTime());
      const told = await env.DB.prepare(
        "SELECT count(*) AS n FROM outbox_messages WHERE template = 'streamer-no-show' AND id LIKE ?",
      )
        .bind(`streamer-no-show:${slot.id}:%`)
        .first<{ n: number }>();
      expect(told?.n).toBe(2);
    }
  });

  it("tells each fan once, 15 minutes after the start, that the one-tap refund is there (email and notification)", async () => {
    const start = new Date(Date.now() - 20 * MINUTE);
    const { booked } = await bookedSlotWithFans(start, 2);
    expect(await offerNoShowRefunds(env, new Date(start.getTime() + 15 * MINUTE - 1))).toEqual([]);
    const now = new Date(start.getTime() + 15 * MINUTE);
    const [first, second] = await Promise.all([offerNoShowRefunds(env, now), offerNoShowRefunds(env, now)]);
    expect([...first, ...second].sort()).toEqual(booked.map((b) => b.booking.id).sort());
    expect(await offerNoShowRefunds(env, new Date(now.getTime() + MINUTE))).toEqual([]);
    for (const { fan, booking } of booked) {
      const mails = (await readOutbox(env.PRIVATE_FILES, { to: fan.email ?? "" })).filter((m) =>
        m.subject.startsWith("Not started yet:"),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`/profile/orders/${booking.orderId}`);
      const notices = await env.DB.prepare(
        "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title LIKE '%has not started: you can take a full refund now'",
      )
        .bind(fan.id)
        .first<{ n: number }>();
      expect(notices?.n).toBe(1);
    }
    // A slot the streamer started is not offered.
    const late = await bookedSlotWithFans(new Date(Date.now() - 20 * MINUTE));
    await startSlotSession(env, viewerOf(late.streamer), late.slot.id);
    expect(await offerNoShowRefunds(env, new Date())).not.toContain(late.booked[0]?.booking.id);
  });

  it("mails the tap's refund with the calendar's METHOD:CANCEL once, tells the streamer, and once with the cron", async () => {
    for (let round = 0; round < 3; round++) {
      const start = new Date(Date.now() - 61 * MINUTE - round);
      const { streamer, booked } = await bookedSlotWithFans(start, 1);
      const [{ fan, booking }] = booked as [(typeof booked)[0]];
      const now = new Date(start.getTime() + 60 * MINUTE);
      await Promise.all([
        statusOf(refundStreamerNoShows(env, now)),
        statusOf(claimNoShowRefund(env, viewerOf(fan), booking.id, now)),
      ]);
      const mails = await readOutbox(env.PRIVATE_FILES, { to: fan.email ?? "" });
      const cancels = mails.filter((m) => m.attachments?.some((a) => a.content.includes("METHOD:CANCEL")));
      expect(cancels).toHaveLength(1);
      expect(cancels[0]?.text).toMatch(/refund/i);
      const tapped = await env.DB.prepare("SELECT count(*) AS n FROM outbox_messages WHERE id = ?")
        .bind(`no-show-refunded:${booking.id}:email`)
        .first<{ n: number }>();
      if (tapped?.n === 1) {
        const told = await env.DB.prepare(
          "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND title LIKE '%took a full refund%'",
        )
          .bind(streamer.id)
          .first<{ n: number }>();
        expect(told?.n).toBe(1);
      }
    }
  });

  it("leaves a fan who did not show up under the cancellation policy, and makes the slot's holds unpayable", async () => {
    const start = new Date(Date.now() - 61 * MINUTE);
    const { slot, booked } = await bookedSlotWithFans(start);
    const [{ booking }] = booked as [(typeof booked)[0]];
    const absent = await createUser(env.DB);
    const noShow = await createBooking(env.DB, slot, absent.id, "confirmed");
    await env.DB.prepare("UPDATE bookings SET status = 'no_show' WHERE id = ?").bind(noShow.id).run();
    const holder = await createUser(env.DB);
    const held = await createBooking(env.DB, slot, holder.id, "held");
    expect(await refundStreamerNoShows(env)).toEqual([slot.id]);
    expect((await refundsOf(booking.orderId)).n).toBe(1);
    expect((await refundsOf(noShow.orderId)).n).toBe(0);
    const hold = await env.DB.prepare(
      'SELECT b.status AS booking, o.status AS "order" FROM bookings b JOIN orders o ON o.id = b.order_id WHERE b.id = ?',
    )
      .bind(held.id)
      .first();
    expect(hold).toEqual({ booking: "expired", order: "cancelled" });
    // The refunded fan is told what happened: the streamer did not start (not that they cancelled it).
    const notice = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ?")
      .bind(booked[0]?.fan.id ?? "")
      .all<{ title: string }>();
    expect(notice.results.map((row) => row.title)).toContain(
      "Your session is cancelled (the streamer did not start it); you got a full refund to your wallet",
    );
  });

  it("counts in the streamer's no-show rate that staff see", async () => {
    const { streamer, slot } = await bookedSlotWithFans(new Date(Date.now() - 3 * 60 * MINUTE));
    const started = await bookedSlotWithFans(new Date(Date.now() + 10 * MINUTE));
    // A second slot of the same streamer, started in time.
    const { id } = await createSlot(env.DB, streamer.id, null, new Date(Date.now() + 10 * MINUTE), {
      endsAt: new Date(Date.now() + 70 * MINUTE),
    });
    await createBooking(env.DB, { id, influencerId: streamer.id }, (await createUser(env.DB)).id, "confirmed");
    await startSlotSession(env, viewerOf(streamer), id);
    expect(await refundStreamerNoShows(env)).toEqual([slot.id]);
    const admin = viewerOf(await createUser(env.DB, { role: "admin" }));
    const rateOf = async (username: string) =>
      (
        await listStreamersForStaff(env, admin, { search: "", sort: "createdAt_desc", page: 1, limit: 50 })
      ).influencers.find((row) => row.username === username)?.noShowRate;
    expect(await rateOf(streamer.username)).toBe("1 of 2 (50%)");
    expect(await rateOf(started.streamer.username)).toBe("—");
  });

  it("is not a no-show without fans, nor before the hour", async () => {
    const start = new Date(Date.now() - 59 * MINUTE);
    const { slot } = await bookedSlotWithFans(start);
    expect(await refundStreamerNoShows(env)).toEqual([]);
    const empty = await bookedSlotWithFans(new Date(Date.now() - 90 * MINUTE), 0);
    expect(await refundStreamerNoShows(env)).toEqual([]);
    expect((await slotRow(empty.slot.id))?.no_show_at).toBeNull();
    expect((await slotRow(slot.id))?.no_show_at).toBeNull();
  });
});
