import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { EmailMessage, EmailSender } from "~/platform/email/email.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "~tests/factories";
import worker from "~workers/app";
import { sendBookingReminders } from "./reminders.server";

const HOUR = 3_600_000;
const MINUTE = 60_000;

class Capture implements EmailSender {
  readonly sent: EmailMessage[] = [];
  async send(message: EmailMessage) {
    this.sent.push(message);
  }
}

/** A slot two days ahead with two confirmed buyers, one held and one cancelled booking. */
async function world() {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Reminder gig" });
  const startsAt = new Date(Date.now() + 48 * HOUR);
  const slot = await createSlot(env.DB, streamer.id, gig.id, startsAt, { seats: 6 });
  const ref = { id: slot.id, influencerId: streamer.id };
  const fans = await Promise.all([1, 2, 3, 4].map(() => createUser(env.DB)));
  const [a, b, c, d] = fans as [(typeof fans)[0], (typeof fans)[0], (typeof fans)[0], (typeof fans)[0]];
  await createBooking(env.DB, ref, a.id, "confirmed");
  await createBooking(env.DB, ref, b.id, "confirmed", 2);
  await createBooking(env.DB, ref, c.id, "held", 1, new Date(startsAt.getTime()));
  await createBooking(env.DB, ref, d.id, "cancelled");
  return { startsAt, slot, confirmed: [a, b], others: [c, d] };
}

async function notificationsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT title FROM notifications WHERE user_id = ? ORDER BY created_at")
    .bind(userId)
    .all<{ title: string }>();
  return results.map((r) => r.title);
}

describe("booking reminders", () => {
  it("sends the 24-hour and 15-minute reminders once each, even when runs overlap or repeat", async () => {
    const w = await world();
    const mail = new Capture();
    const dayBefore = new Date(w.startsAt.getTime() - 24 * HOUR + MINUTE);
    const runs = await Promise.all([
      sendBookingReminders(env, dayBefore, mail),
      sendBookingReminders(env, dayBefore, mail),
      sendBookingReminders(env, dayBefore, mail),
    ]);
    expect(runs.reduce((n, r) => n + r["24h"], 0)).toBe(2);
    expect(await sendBookingReminders(env, new Date(dayBefore.getTime() + 5 * MINUTE), mail)).toEqual({
      "24h": 0,
      "15m": 0,
    });
    // Too early for either reminder, then the 15-minute one.
    expect(await sendBookingReminders(env, new Date(w.startsAt.getTime() - HOUR), mail)).toEqual({
      "24h": 0,
      "15m": 0,
    });
    const quarter = new Date(w.startsAt.getTime() - 14 * MINUTE);
    const late = await Promise.all([
      sendBookingReminders(env, quarter, mail),
      sendBookingReminders(env, quarter, mail),
    ]);
    expect(late.reduce((n, r) => n + r["15m"] + r["24h"], 0)).toBe(2);
    expect(await sendBookingReminders(env, new Date(w.startsAt.getTime() - 5 * MINUTE), mail)).toEqual({
      "24h": 0,
      "15m": 0,
    });

    const subjects = mail.sent.map((m) => `${m.to} ${m.subject}`).sort();
    const expected = w.confirmed
      .flatMap((fan) => [
        `${fan.email} Reminder: Reminder gig starts in 15 minutes`,
        `${fan.email} Reminder: Reminder gig starts in 24 hours`,
      ])
      .sort();
    expect(subjects).toEqual(expected);
    for (const fan of w.confirmed) {
      expect(await notificationsOf(fan.id)).toEqual([
        "Reminder: Reminder gig starts in 24 hours",
        "Reminder: Reminder gig starts in 15 minutes",
      ]);
    }
    for (const other of w.others) expect(await notificationsOf(other.id)).toEqual([]);
  });

  it("skips the 24-hour reminder of a booking made within 24 hours of the start", async () => {
    const w = await world();
    const mail = new Capture();
    const dayBefore = new Date(w.startsAt.getTime() - 24 * HOUR + MINUTE);
    await env.DB.prepare("UPDATE bookings SET confirmed_at = ? WHERE slot_id = ?")
      .bind(dayBefore.getTime(), w.slot.id)
      .run();
    expect(await sendBookingReminders(env, new Date(dayBefore.getTime() + MINUTE), mail)).toEqual({
      "24h": 0,
      "15m": 0,
    });
    expect(await sendBookingReminders(env, new Date(w.startsAt.getTime() - 10 * MINUTE), mail)).toEqual({
      "24h": 0,
      "15m": 2,
    });
  });

  it("a failed email releases its claim: the others go now, that one on the next run", async () => {
    const w = await world();
    const [a, b] = w.confirmed;
    const failing = new Capture();
    const original = failing.send.bind(failing);
    failing.send = async (message) => {
      if (message.to === a?.email) throw new Error("provider down");
      await original(message);
    };
    const quarter = new Date(w.startsAt.getTime() - 10 * MINUTE);
    expect(await sendBookingReminders(env, quarter, failing)).toEqual({ "24h": 0, "15m": 1 });
    expect(failing.sent.map((m) => m.to)).toEqual([b?.email]);
    const retry = new Capture();
    expect(await sendBookingReminders(env, new Date(quarter.getTime() + 5 * MINUTE), retry)).toEqual({
      "24h": 0,
      "15m": 1,
    });
    expect(retry.sent.map((m) => m.to)).toEqual([a?.email]);
  });

  it("handles more claimed reminders than D1 binds parameters in one query", async () => {
    const streamer = await createStreamer(env.DB);
    const startsAt = new Date(Date.now() + 10 * MINUTE);
    let made = 0;
    for (const offset of [0, 1]) {
      const slot = await createSlot(env.DB, streamer.id, null, new Date(startsAt.getTime() + offset * 1000), {
        seats: 70,
      });
      const fans = await Promise.all(Array.from({ length: 60 }, () => createUser(env.DB)));
      for (const fan of fans)
        await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
      made += fans.length;
    }
    const mail = new Capture();
    expect(await sendBookingReminders(env, new Date(), mail)).toEqual({ "24h": 0, "15m": made });
    expect(mail.sent).toHaveLength(made);
  });

  it("runs from the Worker's 5-minute cron and mails through the outbox", async () => {
    const w = await world();
    const ctx = createExecutionContext();
    const controller = createScheduledController({
      cron: "*/5 * * * *",
      scheduledTime: w.startsAt.getTime() - 10 * MINUTE,
    });
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const [fan] = w.confirmed;
    const outbox = await readOutbox(env.PRIVATE_FILES, { to: fan?.email ?? "" });
    expect(outbox.map((m) => m.subject)).toEqual(["Reminder: Reminder gig starts in 15 minutes"]);
  });
});
