import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSession } from "~/features/auth/session.server";
import { cancelBooking } from "~/features/booking/cancel.server";
import { monthSlots } from "~/features/slots/slots.server";
import { formatWhen } from "~/features/time/format";
import { WAITLIST_COPY } from "~/features/waitlist/copy";
import { joinWaitlist, leaveWaitlist } from "~/features/waitlist/join.server";
import { sweepWaitlists } from "~/features/waitlist/offers.server";
import { myWaitlistPlaces } from "~/features/waitlist/places.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createUser, setUserTimeZone, viewerOf } from "~tests/factories";
import { rejection } from "~tests/support/rejection";
import { sweepOwedWork } from "~workers/jobs";
import { postJson } from "./app";
import { bookingWorld } from "./booking-world";
import {
  beforeExpiry,
  bookByCard,
  bookFromWallet,
  fanViewer,
  fullSlot,
  line,
  richFan,
  seatsHeld,
} from "./waitlist-world";

const ELEVEN_MINUTES = 11 * 60_000;

/** The version that stales the cached public pages showing seats (app/platform/catalogue-version.server.ts). */
async function availabilityVersion() {
  const row = await env.DB.prepare("SELECT version FROM cache_versions WHERE scope = 'availability'").first<{
    version: number;
  }>();
  return row?.version ?? 0;
}

describe("joining a waitlist", () => {
  it("is for fans: not anonymous visitors, staff or the slot's own streamer", async () => {
    const world = await fullSlot({ seats: 1, confirmed: [1] });
    const input = { slotId: world.slot.id, seats: 1 };
    expect((await rejection(joinWaitlist(env, null, input))).status).toBe(401);
    const staff = viewerOf(await createUser(env.DB, { role: "admin" }));
    expect(await rejection(joinWaitlist(env, staff, input))).toMatchObject({
      status: 403,
      message: WAITLIST_COPY.staffCannotJoin,
    });
    const streamer = viewerOf(world.streamer);
    expect(await rejection(joinWaitlist(env, { ...streamer, isStreamer: true }, input))).toMatchObject({
      status: 403,
      message: WAITLIST_COPY.ownSlot,
    });
    expect(await line(world.slot.id)).toEqual([]);
    const joined = await joinWaitlist(env, await fanViewer(), input);
    expect(joined).toMatchObject({ slotId: world.slot.id, seats: 1, placeInLine: 1 });
  });

  it("gives one place per fan per slot, in the order fans joined; leaving and joining again goes to the back", async () => {
    const world = await fullSlot({ seats: 2, confirmed: [2] });
    const [a, b] = [await fanViewer(), await fanViewer()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 1 });
    const again = await rejection(joinWaitlist(env, a, { slotId: world.slot.id, seats: 2 }));
    expect(again.status).toBe(409);
    // Concurrent joins of one fan: one place.
    const c = await fanViewer();
    const races = await Promise.allSettled(
      Array.from({ length: 5 }, () => joinWaitlist(env, c, { slotId: world.slot.id, seats: 1 })),
    );
    expect(races.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await joinWaitlist(env, b, { slotId: world.slot.id, seats: 2 })).placeInLine).toBe(3);
    await leaveWaitlist(env, a, world.slot.id);
    const back = await joinWaitlist(env, a, { slotId: world.slot.id, seats: 1 });
    expect(back.placeInLine).toBe(3);
    expect((await line(world.slot.id)).map((row) => [row.user_id, row.status])).toEqual([
      [a.id, "left"],
      [c.id, "waiting"],
      [b.id, "waiting"],
      [a.id, "waiting"],
    ]);
  });

  it("only when the slot is full for the seats wanted, and never for more seats than the slot has", async () => {
    const world = await fullSlot({ seats: 3, confirmed: [2] });
    const fan = await fanViewer();
    const free = await rejection(joinWaitlist(env, fan, { slotId: world.slot.id, seats: 1 }));
    expect([free.status, free.message]).toEqual([409, "Seats are still free in this slot: book them instead"]);
    const tooMany = await rejection(joinWaitlist(env, fan, { slotId: world.slot.id, seats: 4 }));
    expect([tooMany.status, tooMany.field]).toEqual([400, "seats"]);
    // One seat left, two wanted: full for this fan.
    expect((await joinWaitlist(env, fan, { slotId: world.slot.id, seats: 2 })).placeInLine).toBe(1);
    // The database refuses a place wanting more seats than the slot has, whatever the code does (raw SQL on purpose).
    await expect(
      env.DB.prepare(
        "INSERT INTO waitlist_entries (id, slot_id, user_id, position, seats) VALUES ('wl-too-many', ?, ?, 99, 4)",
      )
        .bind(world.slot.id, (await fanViewer()).id)
        .run(),
    ).rejects.toThrow(/CHECK constraint failed/);
    const missing = await rejection(joinWaitlist(env, fan, { slotId: "no-such-slot", seats: 1 }));
    expect(missing.status).toBe(404);
  });

  it("a join offers at once the seats a hold that ran out freed to a fan ahead who fits; a join into a full slot writes nothing more than its place", async () => {
    const world = await fullSlot({ seats: 3, confirmed: [1], expiredHolds: [2] });
    const [a, b, c] = [await fanViewer(), await fanViewer(), await fanViewer()];
    // While the hold still counted the slot was full: a joins for its two seats, b for one, and nothing is offered.
    const before = await availabilityVersion();
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 2 }, beforeExpiry());
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 }, beforeExpiry());
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["waiting", "waiting"]);
    // No offer pass ran: the public pages' seats did not change, so their cached copies stay good.
    expect(await availabilityVersion()).toBe(before);
    // Now the hold has run out unseen (no sweep yet): two seats are free, c wants three. c's join offers the two
    // seats to a, first in line, in the same request.
    const joined = await joinWaitlist(env, c, { slotId: world.slot.id, seats: 3 });
    expect(joined.placeInLine).toBe(3);
    expect((await line(world.slot.id)).map((row) => [row.user_id, row.status])).toEqual([
      [a.id, "offered"],
      [b.id, "waiting"],
      [c.id, "waiting"],
    ]);
    expect(await seatsHeld(world.slot.id)).toMatchObject({ booked: 1, offered: 2, capacity: 3 });
    expect(await availabilityVersion()).toBeGreaterThan(before);
  });

  it("not for a slot that has started", async () => {
    const world = await bookingWorld({ seats: 1, startsInMs: -60_000 });
    const error = await rejection(joinWaitlist(env, await fanViewer(), { slotId: world.slot.id, seats: 1 }));
    expect(error.status).toBe(409);
  });
});

describe("leaving a waitlist", () => {
  it("closes the fan's own live place only, once", async () => {
    const world = await fullSlot({ seats: 1, confirmed: [1] });
    const [a, b] = [await fanViewer(), await fanViewer()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 1 });
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 });
    expect(await leaveWaitlist(env, a, world.slot.id)).toEqual({ slotId: world.slot.id, wasOffered: false });
    expect((await rejection(leaveWaitlist(env, a, world.slot.id))).status).toBe(404);
    expect((await rejection(leaveWaitlist(env, null, world.slot.id))).status).toBe(401);
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["left", "waiting"]);
    expect((await myWaitlistPlaces(env, b)).map((place) => [place.placeInLine, place.status])).toEqual([
      [1, "waiting"],
    ]);
  });

  it("leaving an offer passes its seats to the next fan in line at once", async () => {
    const world = await fullSlot({ seats: 1, confirmed: [1] });
    const [a, b] = [await fanViewer(), await fanViewer()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 1 });
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 });
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "waiting"]);
    expect(await leaveWaitlist(env, a, world.slot.id)).toEqual({ slotId: world.slot.id, wasOffered: true });
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["left", "offered"]);
  });
});

describe("offers", () => {
  it("a cancellation offers the seat to the first fan in line: held for them, told by email and in the app, with the checkout link", async () => {
    const world = await fullSlot({ seats: 2, confirmed: [1, 1] });
    const first = await richFan();
    const second = await richFan();
    await joinWaitlist(env, first, { slotId: world.slot.id, seats: 1 });
    await joinWaitlist(env, second, { slotId: world.slot.id, seats: 1 });
    const buyer = world.confirmed[0];
    await cancelBooking(env, viewerOf(buyer?.buyer as never), buyer?.id ?? "");
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "waiting"]);
    const link = `/gig/${world.gig.id}?slot=${world.slot.id}&seats=1#booking`;
    const [place] = await myWaitlistPlaces(env, first);
    expect(place).toMatchObject({ status: "offered", seats: 1, checkoutPath: link });
    const { email } = (await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(first.id).first<{
      email: string;
    }>()) ?? { email: "" };
    const mails = (await readOutbox(env.PRIVATE_FILES, { to: email })).filter((m) =>
      m.subject.startsWith("Seats held"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${link}`);
    const notices = await env.DB.prepare("SELECT title, url FROM notifications WHERE user_id = ?")
      .bind(first.id)
      .all<{ title: string; url: string }>();
    expect(notices.results).toEqual([expect.objectContaining({ url: link })]);
    // Nobody else takes the held seat: not the second fan in line, not a fan off the list.
    const outsider = await richFan();
    expect((await rejection(bookFromWallet(outsider, world.slot.id, 1))).status).toBe(409);
    expect((await rejection(bookFromWallet(second, world.slot.id, 1))).status).toBe(409);
    // The offered fan books it; their place is done, the slot exactly full.
    const placed = await bookFromWallet(first, world.slot.id, 1);
    expect(placed.status).toBe("paid");
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["accepted", "waiting"]);
    expect(await seatsHeld(world.slot.id)).toMatchObject({ booked: 2, offered: 0, capacity: 2 });
  });

  it("the offer email says until when the seats are held, in the fan's saved zone, else in UTC said UTC", async () => {
    for (const [zone, abbreviation] of [
      ["Asia/Kolkata", "IST"],
      [null, "UTC"],
    ] as const) {
      const world = await fullSlot({ seats: 1, confirmed: [1] });
      const fan = await richFan();
      await setUserTimeZone(env.DB, fan.id, zone);
      await joinWaitlist(env, fan, { slotId: world.slot.id, seats: 1 });
      await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
      const offered = await env.DB.prepare(
        "SELECT w.offer_expires_at AS expiresAt, u.email FROM waitlist_entries w JOIN users u ON u.id = w.user_id WHERE w.user_id = ?",
      )
        .bind(fan.id)
        .first<{ expiresAt: number; email: string }>();
      const [mail] = (await readOutbox(env.PRIVATE_FILES, { to: offered?.email ?? "" })).filter((m) =>
        m.subject.startsWith("Seats held"),
      );
      // The one form of a moment (formatWhen): "Wed, 25 Nov 2026, 23:40 IST".
      const until = formatWhen(offered?.expiresAt ?? 0, zone ?? "UTC");
      expect(until.endsWith(` ${abbreviation}`)).toBe(true);
      expect(mail?.text, zone ?? "no saved zone").toContain(`held for you until ${until}.`);
    }
  });

  it("the availability check (POST /api/post/check-slot-available-to-book) answers the offered fan yes, others no", async () => {
    const world = await fullSlot({ seats: 2, confirmed: [2] });
    const fan = await richFan();
    await joinWaitlist(env, fan, { slotId: world.slot.id, seats: 2 });
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    const outsider = await richFan();
    const ask = async (who: { id: string }) => {
      const cookie = (await createSession(env, who.id)).split(";")[0] ?? "";
      const response = await postJson(
        `/api/post/check-slot-available-to-book/${world.slot.id}`,
        { numberOfPlayers: 2 },
        {
          Cookie: cookie,
        },
      );
      return (await response.json()) as { available: boolean; seatsLeft: number };
    };
    expect(await ask(fan)).toMatchObject({ available: true, seatsLeft: 2 });
    expect(await ask(outsider)).toMatchObject({ available: false, seatsLeft: 0 });
  });

  it("an offered fan checks out by card: the offer's seats become their checkout hold", async () => {
    const world = await fullSlot({ seats: 2, confirmed: [2] });
    const fan = await richFan();
    await joinWaitlist(env, fan, { slotId: world.slot.id, seats: 2 });
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    expect(await seatsHeld(world.slot.id)).toMatchObject({ booked: 0, offered: 2 });
    const placed = await bookByCard(fan, world.slot.id, 2);
    expect(placed.status).toBe("pending_payment");
    expect(placed.checkoutUrl).toBeTruthy();
    expect(await seatsHeld(world.slot.id)).toMatchObject({ booked: 2, offered: 0, capacity: 2 });
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["accepted"]);
  });

  it("a fan booking fewer seats than offered passes the rest to the next fan", async () => {
    const world = await fullSlot({ seats: 3, confirmed: [2, 1] });
    const [a, b] = [await richFan(), await richFan()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 2 });
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 });
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "waiting"]);
    await bookFromWallet(a, world.slot.id, 1);
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["accepted", "offered"]);
    expect(await seatsHeld(world.slot.id)).toMatchObject({ booked: 2, offered: 1, capacity: 3 });
  });

  it("go in strict order, skipping only fans whose seats do not fit; a lapsed offer goes to the next fan", async () => {
    const world = await fullSlot({ seats: 3, confirmed: [1, 1, 1] });
    const [a, b, c] = [await richFan(), await richFan(), await richFan()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 2 });
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 });
    await joinWaitlist(env, c, { slotId: world.slot.id, seats: 1 });
    const cancel = (i: number) =>
      cancelBooking(env, viewerOf(world.confirmed[i]?.buyer as never), world.confirmed[i]?.id ?? "");
    await cancel(0);
    // One seat free: a wants two, so b (next) is offered.
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["waiting", "offered", "waiting"]);
    await cancel(1);
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["waiting", "offered", "offered"]);
    // Both offers lapse (nobody booked): two seats free, and a, first in line, fits them now.
    const later = new Date(Date.now() + ELEVEN_MINUTES);
    // (Counts cover every slot of this file's database: at least these two lapsed, at least a offered.)
    const swept = await sweepWaitlists(env, later);
    expect(swept.lapsed).toBeGreaterThanOrEqual(2);
    expect(swept.offered).toBeGreaterThanOrEqual(1);
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "lapsed", "lapsed"]);
    expect(await seatsHeld(world.slot.id, later.getTime())).toMatchObject({ booked: 1, offered: 2, capacity: 3 });
    // Sweeping again changes nothing.
    await sweepWaitlists(env, later);
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "lapsed", "lapsed"]);
  });
});

describe("the streamer's calendar", () => {
  it("shows each slot's waitlist length: fans waiting or offered, not those who left", async () => {
    const world = await fullSlot({ seats: 1, confirmed: [1] });
    const [a, b, c] = [await fanViewer(), await fanViewer(), await fanViewer()];
    for (const fan of [a, b, c]) await joinWaitlist(env, fan, { slotId: world.slot.id, seats: 1 });
    await leaveWaitlist(env, c, world.slot.id);
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    const streamer = { ...viewerOf(world.streamer), isStreamer: true };
    const month = { year: world.startsAt.getUTCFullYear(), month: world.startsAt.getUTCMonth() + 1 };
    const slots = await monthSlots(env, streamer, world.streamer.id, month, "UTC");
    expect(slots.find((slot) => slot.id === world.slot.id)).toMatchObject({ waitlist: 2, seatsTaken: 1, seats: 1 });
  });
});

describe("the every-minute sweep", () => {
  it("workers/jobs.ts lapses offers whose time is up and offers the next fan", async () => {
    const world = await fullSlot({ seats: 1, confirmed: [1] });
    const [a, b] = [await fanViewer(), await fanViewer()];
    await joinWaitlist(env, a, { slotId: world.slot.id, seats: 1 });
    await joinWaitlist(env, b, { slotId: world.slot.id, seats: 1 });
    await cancelBooking(env, viewerOf(world.confirmed[0]?.buyer as never), world.confirmed[0]?.id ?? "");
    await sweepOwedWork(env, new Date(Date.now() + 5 * 60_000));
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["offered", "waiting"]);
    await sweepOwedWork(env, new Date(Date.now() + ELEVEN_MINUTES));
    expect((await line(world.slot.id)).map((row) => row.status)).toEqual(["lapsed", "offered"]);
  });
});
