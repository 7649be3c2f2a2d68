import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { sendBookingReminders } from "~/features/booking/reminders.server";
import type { EmailMessage, EmailSender } from "~/platform/email/email.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import {
  createBooking,
  createCompletedPayout,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  creditWallet,
} from "~tests/factories";
import { type Page, readPage } from "../support/page";
import { botCheck, postForm, request } from "./app";
import { api, fan, purchase } from "./booking-world";

/**
 * Times in the viewer's zone, from the first byte (docs/decisions/019-viewer-time-zone.md): the recipient's saved
 * zone in emails, reminders and invites; the streamer's in the calendar grid; the fan's in the month filter.
 */
const DAY = 86_400_000;

/** 18:00 UTC, `days` ahead: 23:30 in India, on the same calendar day. */
function lateIndianEvening(days: number): Date {
  const day = new Date(Date.now() + days * DAY);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 18, 0));
}

async function slotWorld(startsAt: Date, seats = 4) {
  const streamer = await createStreamer(env.DB);
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Late night ranked", priceMinor: 1000 });
  const slot = await createSlot(env.DB, streamer.id, gig.id, startsAt, { seats });
  return { streamer, gig, slot };
}

const indianDate = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", weekday: "short", day: "numeric", month: "short" })
    .format(at)
    .replace(/,/g, "");

async function confirmationTo(email: string): Promise<EmailMessage> {
  return vi.waitFor(
    async () => {
      const [message] = await readOutbox(env.PRIVATE_FILES, { to: email, limit: 1 });
      if (!message) throw new Error("no email yet");
      return message;
    },
    { timeout: 5_000, interval: 50 },
  );
}

describe("emails and invites in the recipient's saved zone", () => {
  it("tells an Indian fan with Asia/Kolkata saved the IST time, named, in the email and the invite", async () => {
    const startsAt = lateIndianEvening(4);
    const world = await slotWorld(startsAt);
    const buyer = await fan({ timeZone: "Asia/Kolkata", country: "IN" });
    await creditWallet(env.DB, buyer.user.id, 10_000);
    const placed = await api("/api/create/order", buyer.cookie, purchase(world.slot.id, ["Desi#1"]));
    expect(placed.status).toBe(200);

    const email = await confirmationTo(buyer.user.email ?? "");
    expect(email.subject).toContain("Booking confirmed");
    const date = indianDate(startsAt); // e.g. "Sun 14 Nov"
    const [weekday, day, month] = date.split(" ");
    expect(email.text).toContain(
      `${weekday}, ${day} ${month} ${startsAt.getUTCFullYear()}, 23:30–00:00 India Standard Time (IST)`,
    );
    expect(email.text).not.toMatch(/UTC|Calcutta|Kolkata/);
    const invite = email.attachments?.[0]?.content ?? "";
    const utcStart = startsAt.toISOString().replace(/[-:]/g, "").slice(0, 13);
    expect(invite).toContain(`DTSTART:${utcStart}`);
    expect(invite.replace(/\r\n[ \t]/g, "")).toContain("23:30–00:00 India Standard Time (IST)");
  });

  it("says UTC, as UTC, to a fan who saved no zone", async () => {
    const startsAt = lateIndianEvening(5);
    const world = await slotWorld(startsAt);
    const buyer = await fan();
    await creditWallet(env.DB, buyer.user.id, 10_000);
    expect((await api("/api/create/order", buyer.cookie, purchase(world.slot.id, ["Anon#1"]))).status).toBe(200);
    const email = await confirmationTo(buyer.user.email ?? "");
    expect(email.text).toContain("18:00–18:30 UTC");
    expect(email.text).not.toContain("(UTC, UTC)");
  });

  it("reminds each buyer in their own zone", async () => {
    const startsAt = new Date(Date.now() + 10 * 60_000);
    const world = await slotWorld(startsAt);
    const indian = await createUser(env.DB, { timeZone: "Asia/Kolkata" });
    const newYorker = await createUser(env.DB, { timeZone: "America/New_York" });
    const ref = { id: world.slot.id, influencerId: world.streamer.id };
    await createBooking(env.DB, ref, indian.id, "confirmed");
    await createBooking(env.DB, ref, newYorker.id, "confirmed");
    const sent: EmailMessage[] = [];
    const sender: EmailSender = { send: async (message) => void sent.push(message) };
    await sendBookingReminders(env, new Date(), sender);
    const textTo = (user: { email: string | null }) => sent.find((m) => m.to === user.email)?.text ?? "";
    const clock = (zone: string) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
        startsAt,
      );
    expect(textTo(indian)).toContain(`${clock("Asia/Kolkata")} India Standard Time (IST)`);
    expect(textTo(newYorker)).toMatch(
      new RegExp(`${clock("America/New_York")} Eastern (Standard|Daylight) Time \\(E[SD]T\\)`),
    );
  });
});

describe("the streamer calendar in the streamer's zone", () => {
  it("places a 23:30 IST slot on its Indian day, and a 00:30 IST one in the next Indian month", async () => {
    const streamer = await createStreamer(env.DB, { timeZone: "Asia/Kolkata", country: "IN" });
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game, { title: "Month end" });
    await createSlot(env.DB, streamer.id, gig.id, new Date("2027-01-31T18:00:00Z")); // 23:30 IST, 31 January
    await createSlot(env.DB, streamer.id, gig.id, new Date("2027-01-31T19:00:00Z")); // 00:30 IST, 1 February
    const { cookie } = await sessionOf(streamer.id);
    const month = async (number: number) =>
      readPage(
        await request(`/influencer/calendar-dashboard?month=${number}&year=2027`, { headers: { Cookie: cookie } }),
      );
    /** The slots a day's cell of the month grid lists ("23:30 Month end 0/2"). */
    const slotsOn = (page: Page, date: string) => page.textsOf(`[data-date="${date}"] a`);

    const january = await month(1);
    expect(slotsOn(january, "2027-01-31")).toEqual([expect.stringMatching(/^23:30 Month end /)]);
    expect(slotsOn(january, "2027-01-30")).toEqual([]);
    const february = await month(2);
    expect(slotsOn(february, "2027-02-01")).toEqual([expect.stringMatching(/^00:30 Month end /)]);
    expect(february.text()).not.toContain("23:30 Month end");
  });
});

async function sessionOf(userId: string) {
  const { createSession } = await import("~/features/auth/session.server");
  return { cookie: (await createSession(env, userId)).split(";")[0] ?? "" };
}

describe("the fan's zone: saved on the profile, used by the month filter", () => {
  it("refuses an unknown zone with a 400 and a message, saves a real one and shows times in it", async () => {
    const buyer = await fan();
    const bad = await postForm(
      "/profile",
      { intent: "time-zone", timeZone: "Mars/Olympus_Mons" },
      { Cookie: buyer.cookie },
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Pick a time zone from the list");
    const good = await postForm(
      "/profile",
      { intent: "time-zone", timeZone: "Asia/Calcutta" },
      { Cookie: buyer.cookie },
    );
    expect(good.status).toBe(302);
    const row = await env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(buyer.user.id).first();
    expect(row?.time_zone).toBe("Asia/Kolkata");
    const page = await (await request("/profile", { headers: { Cookie: buyer.cookie } })).text();
    expect(page).toContain("Kolkata · India Standard Time (UTC+05:30)");
    expect(page).not.toContain("Calcutta");
  });

  it("counts November as November in the fan's zone", async () => {
    const world = await slotWorld(lateIndianEvening(6));
    const indian = await fan({ timeZone: "Asia/Kolkata" });
    const utc = await fan();
    for (const buyer of [indian, utc]) {
      // Ordered at 00:30 on 1 November 2026 in India; still 31 October in UTC.
      await createBooking(
        env.DB,
        { id: world.slot.id, influencerId: world.streamer.id },
        buyer.user.id,
        "confirmed",
        1,
        null,
        {
          createdAt: new Date("2026-10-31T19:00:00Z"),
        },
      );
    }
    const ordersIn = async (cookie: string, month: number) => {
      const html = await (await request(`/profile?year=2026&month=${month}`, { headers: { Cookie: cookie } })).text();
      return (html.match(/data-testid="order"/g) ?? []).length;
    };
    expect([await ordersIn(indian.cookie, 11), await ordersIn(indian.cookie, 10)]).toEqual([1, 0]);
    expect([await ordersIn(utc.cookie, 11), await ordersIn(utc.cookie, 10)]).toEqual([0, 1]);
  });
});

describe("the streamer's orders by month", () => {
  it("counts November as November in the streamer's zone", async () => {
    const streamer = await createStreamer(env.DB, { timeZone: "Asia/Kolkata" });
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game);
    const slot = await createSlot(env.DB, streamer.id, gig.id, lateIndianEvening(7));
    const buyer = await createUser(env.DB);
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, buyer.id, "confirmed", 1, null, {
      createdAt: new Date("2026-10-31T19:00:00Z"),
    });
    const { cookie } = await sessionOf(streamer.id);
    const count = async (month: number) => {
      const path = `/api/get/orders/paginated/influencer/${streamer.id}?year=2026&month=${month}`;
      const body = (await (await request(path, { headers: { Cookie: cookie } })).json()) as { orders: unknown[] };
      return body.orders.length;
    };
    expect([await count(11), await count(10)]).toEqual([1, 0]);
  });
});

describe("sign-up saves the browser's zone", () => {
  it("takes the hidden field, else the tz cookie", async () => {
    const fields = (name: string) => ({
      username: name,
      email: `${name}@example.com`,
      password: "Correct-horse-42!",
      country: "IN",
      ...botCheck(),
    });
    const zoneOf = (email: string) =>
      env.DB.prepare("SELECT time_zone FROM users WHERE email = ?").bind(email).first<{ time_zone: string | null }>();
    const withField = await postForm("/signup", { ...fields("tz_field"), timeZone: "Asia/Kolkata" });
    expect(withField.status).toBe(302);
    expect((await zoneOf("tz_field@example.com"))?.time_zone).toBe("Asia/Kolkata");
    const withCookie = await postForm("/signup", fields("tz_cookie"), { Cookie: "tz=America%2FNew_York" });
    expect(withCookie.status).toBe(302);
    expect((await zoneOf("tz_cookie@example.com"))?.time_zone).toBe("America/New_York");
  });
});

describe("the streamer's payout periods", () => {
  it("read in the streamer's zone, in the one form of a moment (formatWhen), not as UTC days", async () => {
    const { formatWhen } = await import("~/features/time/format");
    const streamer = await createStreamer(env.DB, { timeZone: "America/New_York" });
    // Midnight UTC starts and ends the period: the evening before in New York.
    const start = Date.UTC(2026, 9, 1);
    const end = Date.UTC(2026, 9, 31);
    await createCompletedPayout(env.DB, streamer.id, { start: new Date(start), end: new Date(end) });
    const { cookie } = await sessionOf(streamer.id);
    const dashboard = (await readPage(await request("/influencer/dashboard", { headers: { Cookie: cookie } }))).text();
    expect(formatWhen(start, "America/New_York")).toBe("Wed, 30 Sept 2026, 20:00 EDT");
    expect(dashboard).toContain(`${formatWhen(start, "America/New_York")} to ${formatWhen(end, "America/New_York")}`);
    expect(dashboard).not.toContain("2026-10-01 to");
  });
});
