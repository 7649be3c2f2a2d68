import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/booking/cancel.server";
import { cancelSlot } from "~/features/slots/slots.server";
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
} from "~tests/factories";
import { type IcsEvent, icsUtc, parseIcs } from "~tests/support/ics";
import { ORIGIN, postForm, request } from "./app";

/**
 * The private calendar subscription (docs/domain.md "Calendar feed and stream overlay"): a fan's bookings and a
 * streamer's slots read back as a calendar app would, with the right instants, stable UIDs and cancellations;
 * a new key makes the old URL a 404 at once.
 */
const HOUR = 3_600_000;

async function world() {
  const streamer = await createStreamer(env.DB, { timeZone: "Asia/Kolkata" });
  const platform = await createPlatform(env.DB, "pc");
  const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
  const gig = await createGig(env.DB, streamer.id, game, { title: "Ranked climb", priceMinor: 1000 });
  // Whole minutes: the feed's times are minute-precise.
  const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000);
  const soon = await createSlot(env.DB, streamer.id, gig.id, at(10 * 60_000), { seats: 2 });
  const later = await createSlot(env.DB, streamer.id, gig.id, at(48 * HOUR), { seats: 3 });
  const dropped = await createSlot(env.DB, streamer.id, gig.id, at(72 * HOUR), { seats: 2 });
  await setSlotLobbyCode(env.DB, soon.id, "LOBBY-NEAR");
  await setSlotLobbyCode(env.DB, later.id, "LOBBY-FAR");
  const fanUser = await createUser(env.DB, { timeZone: "Asia/Kolkata", country: "IN" });
  const booked = await createBooking(env.DB, { id: soon.id, influencerId: streamer.id }, fanUser.id, "confirmed");
  const farBooking = await createBooking(env.DB, { id: later.id, influencerId: streamer.id }, fanUser.id, "confirmed");
  const cancelled = await createBooking(
    env.DB,
    { id: dropped.id, influencerId: streamer.id },
    fanUser.id,
    "confirmed",
    2,
  );
  const fanCookie = (await createSession(env, fanUser.id)).split(";")[0] ?? "";
  const streamerCookie = (await createSession(env, streamer.id)).split(";")[0] ?? "";
  return { streamer, fanUser, fanCookie, streamerCookie, soon, later, dropped, booked, farBooking, cancelled, at };
}

async function feedLinkOn(path: string, cookie: string): Promise<{ https: string; webcal: string }> {
  const page = await request(path, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const webcal = html.match(/href="(webcal:\/\/[^"]+)"/)?.[1];
  const https = html.match(/value="(https?:\/\/[^"]+\/calendar-feed\/[^"]+\.ics)"/)?.[1];
  if (!webcal || !https) throw new Error(`no calendar feed link on ${path}`);
  return { webcal, https };
}

async function readFeed(url: string) {
  const response = await request(new URL(url).pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  return parseIcs(await response.text());
}

function byUid(events: IcsEvent[], uid: string): IcsEvent {
  const event = events.find((e) => e.UID?.value === uid);
  if (!event) throw new Error(`no event ${uid} in ${events.map((e) => e.UID?.value).join(", ")}`);
  return event;
}

describe("calendar feed", () => {
  it("gives a fan their bookings with UTC times, the lobby code when near, a link back, and cancellations", async () => {
    const w = await world();
    await cancelBooking(env, viewerOf(w.fanUser), w.cancelled.id);
    const link = await feedLinkOn("/profile", w.fanCookie);
    expect(link.https.startsWith(`${ORIGIN}/calendar-feed/`)).toBe(true);
    expect(link.webcal).toBe(link.https.replace("http://", "webcal://"));

    const feed = await readFeed(link.https);
    expect(feed.components.filter((c) => c === "VCALENDAR")).toHaveLength(1);
    expect(feed.properties.find((p) => p.name === "VERSION")?.value).toBe("2.0");
    expect(feed.properties.find((p) => p.name === "X-WR-CALNAME")?.value).toBe("Noobrd sessions");
    // The fan is not a streamer: only their three bookings.
    expect(feed.events).toHaveLength(3);

    const near = byUid(feed.events, `booking-${w.booked.orderId}@noobrd.gg`);
    const soonStart = await slotStart(w.soon.id);
    expect(near.DTSTART?.value).toBe(icsUtc(soonStart));
    expect(near.DTEND?.value).toBe(icsUtc(new Date(soonStart.getTime() + 30 * 60_000)));
    expect(near.STATUS?.value).toBe("CONFIRMED");
    expect(near.SUMMARY?.value).toBe("Ranked climb");
    expect(near.DESCRIPTION?.value).toContain("Lobby code: LOBBY-NEAR");
    expect(near.DESCRIPTION?.value).toContain("India Standard Time");
    expect(near.URL?.value).toBe(`${ORIGIN}/profile/orders/${w.booked.orderId}`);

    // Two days out: the code is not the fan's to see yet (the order page's rule).
    const far = byUid(feed.events, `booking-${w.farBooking.orderId}@noobrd.gg`);
    expect(far.STATUS?.value).toBe("CONFIRMED");
    expect(far.DESCRIPTION?.value).not.toContain("LOBBY-FAR");
    expect(far.DTSTART?.value).toBe(icsUtc(await slotStart(w.later.id)));

    const gone = byUid(feed.events, `booking-${w.cancelled.orderId}@noobrd.gg`);
    expect(gone.STATUS?.value).toBe("CANCELLED");
    expect(gone.SUMMARY?.value).toBe("Cancelled: Ranked climb");

    // A refresh gives the same UIDs (the calendar updates events in place).
    const again = await readFeed(link.https);
    expect(again.events.map((e) => e.UID?.value).sort()).toEqual(feed.events.map((e) => e.UID?.value).sort());
  });

  it("gives a streamer their slots with seats, the lobby code and a cancelled slot as CANCELLED", async () => {
    const w = await world();
    await cancelSlot(env, viewerOf(w.streamer), w.dropped.id);
    const link = await feedLinkOn("/influencer/dashboard", w.streamerCookie);
    const feed = await readFeed(link.https);
    expect(feed.events).toHaveLength(3);
    const later = byUid(feed.events, `slot-${w.later.id}@noobrd.gg`);
    expect(later.DTSTART?.value).toBe(icsUtc(await slotStart(w.later.id)));
    expect(later.STATUS?.value).toBe("CONFIRMED");
    expect(later.DESCRIPTION?.value).toContain("1 of 3 seats booked");
    expect(later.DESCRIPTION?.value).toContain("Lobby code: LOBBY-FAR");
    expect(later.URL?.value).toBe(`${ORIGIN}/influencer/calendar-dashboard`);
    expect(byUid(feed.events, `slot-${w.dropped.id}@noobrd.gg`).STATUS?.value).toBe("CANCELLED");
    expect(byUid(feed.events, `slot-${w.soon.id}@noobrd.gg`).STATUS?.value).toBe("CONFIRMED");

    // The fan's booking of a slot the streamer cancelled is cancelled in the fan's feed too.
    const fanFeed = await readFeed((await feedLinkOn("/profile", w.fanCookie)).https);
    expect(byUid(fanFeed.events, `booking-${w.cancelled.orderId}@noobrd.gg`).STATUS?.value).toBe("CANCELLED");
  });

  it("keeps one key per user until it is regenerated; then the old URL answers 404 at once", async () => {
    const w = await world();
    const first = await feedLinkOn("/profile", w.fanCookie);
    expect((await feedLinkOn("/profile", w.fanCookie)).https).toBe(first.https);

    const regenerated = await postForm("/calendar-feed/regenerate", { returnTo: "/profile" }, { Cookie: w.fanCookie });
    expect(regenerated.status).toBe(302);
    expect(regenerated.headers.get("Location")).toBe("/profile#calendar-feed");

    expect((await request(new URL(first.https).pathname)).status).toBe(404);
    const second = await feedLinkOn("/profile", w.fanCookie);
    expect(second.https).not.toBe(first.https);
    expect((await readFeed(second.https)).events).toHaveLength(3);
  });

  it("answers 404 to a forged, malformed or someone else's key, and refuses a regeneration without a login", async () => {
    const w = await world();
    const { https } = await feedLinkOn("/profile", w.fanCookie);
    const key = new URL(https).pathname.replace("/calendar-feed/", "").replace(/\.ics$/, "");
    const [id, signature = ""] = key.split(".");
    const forged = `${id}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const path of [`/calendar-feed/${forged}.ics`, `/calendar-feed/${key}`, "/calendar-feed/nope.ics"]) {
      expect((await request(path)).status, path).toBe(404);
    }
    const anonymous = await postForm("/calendar-feed/regenerate", { returnTo: "/profile" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    expect((await request(new URL(https).pathname)).status).toBe(200);
  });
});

async function slotStart(slotId: string): Promise<Date> {
  const row = await env.DB.prepare("SELECT starts_at FROM slots WHERE id = ?")
    .bind(slotId)
    .first<{ starts_at: number }>();
  if (!row) throw new Error("no slot");
  return new Date(row.starts_at);
}
