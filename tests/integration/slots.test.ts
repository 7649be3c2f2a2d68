import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SLOT_COPY } from "~/features/slots/copy";
import { addDays, zonedToUtc } from "~/features/time/calendar";
import { walletBalance } from "~/features/wallet/ledger.server";
import { getDb } from "~/platform/db.server";
import { addBookingGamertags, createBooking, createGig, createSlot } from "../factories";
import { readPage } from "../support/page";
import { request } from "./app";
import { loggedInFan, streamerWithGame } from "./streamer-world";

const ORIGIN = "http://localhost";
const future = addDays(new Date().toISOString().slice(0, 10), 10);

async function setup() {
  const world = await streamerWithGame();
  const gig = await createGig(env.DB, world.streamer.id, world.game);
  const headers = { Cookie: world.cookie, "Content-Type": "application/json", Origin: ORIGIN };
  const add = (body: Record<string, unknown>) =>
    request("/api/post/influencer/slots/add", {
      method: "POST",
      body: JSON.stringify({ productId: gig.id, ...body }),
      headers,
    });
  return { ...world, gig, headers, add };
}

describe("time zones", () => {
  it("turns a wall-clock time in the streamer's zone into UTC, across DST", () => {
    expect(zonedToUtc("2026-01-15", "18:30", "Asia/Kolkata").toISOString()).toBe("2026-01-15T13:00:00.000Z");
    expect(zonedToUtc("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedToUtc("2026-12-01", "09:00", "America/New_York").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(addDays("2026-12-29", 7)).toBe("2027-01-05");
  });
});

describe("adding slots", () => {
  it("adds weekly repeats once: the same request twice adds nothing more", async () => {
    const { add, streamer, headers } = await setup();
    const first = await add({ date: future, startTime: "18:00", timeZone: "Europe/London", repeatWeeks: 3 });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, message: SLOT_COPY.added, added: 4, existing: 0 });
    const again = await add({ date: future, startTime: "18:00", timeZone: "Europe/London", repeatWeeks: 3 });
    expect(await again.json()).toMatchObject({ success: true, added: 0, existing: 4 });
    const list = (await (await request(`/api/get/slots/influencer/${streamer.id}`, { headers })).json()) as {
      slots: { seats: number; startTime: string }[];
    };
    expect(list.slots).toHaveLength(4);
    expect(list.slots[0]?.seats).toBe(2);
    const [firstStart, secondStart] = list.slots.map((s) => new Date(s.startTime).getTime());
    expect((secondStart ?? 0) - (firstStart ?? 0)).toBe(7 * 86_400_000);
  });

  it("refuses an overlapping slot with a message, and a time in the past", async () => {
    const { add } = await setup();
    expect((await add({ date: future, startTime: "18:00", timeZone: "UTC" })).status).toBe(200);
    const overlap = await add({ date: future, startTime: "18:15", timeZone: "UTC" });
    expect(overlap.status).toBe(409);
    expect(await overlap.json()).toMatchObject({ success: false, message: SLOT_COPY.overlap });
    const past = await add({ date: "2020-01-01", startTime: "10:00" });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ message: SLOT_COPY.past });
  });

  it("adds through the page without JavaScript and shows the month with seats and buyers' gamer tags", async () => {
    const { cookie, gig, streamer } = await setup();
    const [year, month] = future.split("-").map(Number);
    const posted = await request("/influencer/calendar-dashboard", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        productId: gig.id,
        date: future,
        startTime: "20:00",
        timeZone: "UTC",
        seats: "3",
        repeatWeeks: "0",
      }),
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/influencer/calendar-dashboard?month=${month}&year=${year}`);
    const slot = await env.DB.prepare("SELECT id FROM slots WHERE influencer_id = ?")
      .bind(streamer.id)
      .first<{ id: string }>();
    if (!slot) throw new Error("the page's form added no slot");
    const { fan } = await loggedInFan({ username: "fan_with_tags" });
    const booking = await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed", 2);
    await addBookingGamertags(env.DB, booking.id, ["NoobSlayer", "Sidekick"]);
    const page = await readPage(
      await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, { headers: { Cookie: cookie } }),
    );
    const card = `#slot-${slot.id}`;
    expect(page.textOf(`${card} [data-testid="seats"]`)).toBe("2 of 3 seats taken");
    expect(page.textsOf(`${card} ul li`)).toEqual(["@fan_with_tags · NoobSlayer, Sidekick"]);
    const lobby = await request(`/influencer/calendar-dashboard?month=${month}&year=${year}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "lobby", slotId: slot.id, lobbyCode: "LOBBY-42" }),
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(lobby.status).toBe(302);
    const details = await request(`/api/streamer/lobby-code-details?slotId=${slot.id}`, {
      headers: { Cookie: cookie },
    });
    expect(await details.json()).toMatchObject({
      data: { lobbyCode: "LOBBY-42", slotId: slot.id, streamerId: streamer.id },
    });
    const monthApi = await request(`/api/get/monthvise/slots/influencer/${streamer.id}/${month}/${year}`, {
      headers: { Cookie: cookie },
    });
    expect(await monthApi.json()).toMatchObject({
      slots: [
        {
          seats: 3,
          seatsTaken: 2,
          lobbyCode: "LOBBY-42",
          users: [{ username: "fan_with_tags", gamerTags: ["NoobSlayer", "Sidekick"] }],
        },
      ],
    });
  });
});

describe("cancelling a slot", () => {
  it("refunds every buyer in full, once, and notifies them; another streamer is refused", async () => {
    const { cookie, gig, streamer } = await setup();
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 5 * 86_400_000), { seats: 4 });
    const a = await loggedInFan();
    const b = await loggedInFan();
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, a.fan.id, "confirmed", 1);
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, b.fan.id, "confirmed", 2);
    const other = await streamerWithGame();
    const cancel = (cookieHeader: string) =>
      request("/influencer/calendar-dashboard", {
        method: "POST",
        body: new URLSearchParams({ intent: "cancel", slotId: slot.id, confirm: "yes" }),
        headers: { Cookie: cookieHeader, Origin: ORIGIN },
      });
    // Without confirm=yes (no JavaScript) the page asks first and nothing is refunded (app/lib/confirm.ts).
    const asked = await request("/influencer/calendar-dashboard", {
      method: "POST",
      body: new URLSearchParams({ intent: "cancel", slotId: slot.id }),
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Yes, cancel the slot");
    expect((await cancel(other.cookie)).status).toBe(403);
    expect(await walletBalance(getDb(env), a.fan.id, "USD")).toBe(0);
    expect((await cancel(cookie)).status).toBe(302);
    expect((await cancel(cookie)).status).toBe(302);
    expect(await walletBalance(getDb(env), a.fan.id, "USD")).toBe(1000);
    expect(await walletBalance(getDb(env), b.fan.id, "USD")).toBe(2000);
    const refunds = await env.DB.prepare(
      "SELECT count(*) AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.slot_id = ?",
    )
      .bind(slot.id)
      .first<{ n: number }>();
    expect(refunds?.n).toBe(2);
    const status = await env.DB.prepare("SELECT status FROM slots WHERE id = ?")
      .bind(slot.id)
      .first<{ status: string }>();
    expect(status?.status).toBe("cancelled");
    const notified = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id IN (?, ?)")
      .bind(a.fan.id, b.fan.id)
      .first<{ n: number }>();
    expect(notified?.n).toBe(2);
  });
});
