import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { bookingInvite } from "~/features/booking/invite.server";
import {
  createBooking,
  createGame,
  createGig,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
  setSlotLobbyCode,
} from "~tests/factories";
import { parseIcs } from "~tests/support/ics";
import { request } from "./app";

/**
 * Text a streamer or fan wrote (a gig's title, a display name, a lobby code) goes into iCalendar TEXT values. A raw
 * line separator there (CR or LF alone, NEL U+0085, LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029) ends or
 * splits a content line in some readers, so a title could smuggle in properties of its own. Every one is written as
 * the escaped newline `\n`.
 */
const SEPARATORS = ["\r", "\n", "\r\n", "\u0085", "\u2028", "\u2029"];
const TRICK = `Ranked${SEPARATORS.map((s, i) => `${s}XI${i}:y`).join("")}`;

/** Every CR is part of a CRLF line end, every LF ends one, and no other line separator appears. */
function expectOnlyCrlfLines(text: string) {
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
  expect(text).not.toMatch(/\r\nXI\d/);
}

describe("ICS text escapes every line separator", () => {
  it("in the calendar feed", async () => {
    const streamer = await createStreamer(env.DB, { fullName: `Star\u2028Name` });
    const platform = await createPlatform(env.DB, "pc");
    const game = await createGame(env.DB, {}, { platformIds: [platform.id] });
    const gig = await createGig(env.DB, streamer.id, game, { title: TRICK, priceMinor: 1000 });
    const slot = await createSlot(env.DB, streamer.id, gig.id, new Date(Date.now() + 10 * 60_000), { seats: 2 });
    await setSlotLobbyCode(env.DB, slot.id, "CODE\u0085XI9:y");
    const fan = await createUser(env.DB);
    await createBooking(env.DB, { id: slot.id, influencerId: streamer.id }, fan.id, "confirmed");
    for (const [userId, path] of [
      [fan.id, "/profile"],
      [streamer.id, "/influencer/dashboard"],
    ] as const) {
      const cookie = (await createSession(env, userId)).split(";")[0] ?? "";
      const html = await (await request(path, { headers: { Cookie: cookie } })).text();
      const feed = html.match(/value="https?:\/\/[^"/]+(\/calendar-feed\/[^"]+\.ics)"/)?.[1];
      if (!feed) throw new Error(`no feed link on ${path}`);
      const text = await (await request(feed)).text();
      expectOnlyCrlfLines(text);
      const [event] = parseIcs(text).events;
      expect(event?.SUMMARY?.value).toContain("Ranked\nXI0:y");
      expect(Object.keys(event ?? {}).some((name) => name.startsWith("XI"))).toBe(false);
    }
  });

  it("in the booking confirmation's invite", () => {
    const invite = bookingInvite({
      orderId: "order-1",
      title: TRICK,
      startsAt: new Date("2026-12-01T10:00:00Z"),
      endsAt: new Date("2026-12-01T11:00:00Z"),
      url: "http://localhost/profile/orders/order-1",
      timeZone: "UTC",
      organizerEmail: "hello@noobrd.gg",
      streamerName: "Test Star",
      attendeeEmail: "fan@example.com",
      attendeeName: "A Fan",
    });
    expectOnlyCrlfLines(invite);
    expect(parseIcs(invite).events[0]?.SUMMARY?.value).toContain("Ranked\nXI0:y");
  });
});
