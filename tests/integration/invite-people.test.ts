import { env } from "cloudflare:workers";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { cancelBooking } from "~/features/booking/cancel.server";
import { placeOrder } from "~/features/booking/purchase.server";
import { rescheduleBooking } from "~/features/booking/reschedule.server";
import { cancelSlot } from "~/features/slots/slots.server";
import { readOutbox } from "~/platform/stand-ins/email/outbox.server";
import { createSlot, creditWallet, viewerOf } from "../factories";
import { bookingWorld, fan } from "./booking-world";

/**
 * Every calendar invite a fan is mailed names its ORGANIZER (the platform's address, in the streamer's name) and its
 * ATTENDEE (the fan), on REQUEST and CANCEL alike, as RFC 5546 asks (issue 50): read back with ical.js, a real
 * iCalendar parser, as a calendar app reads the file.
 */
const DAY = 86_400_000;

async function booked() {
  const world = await bookingWorld({ seats: 3, startsInMs: 3 * DAY });
  const buyer = await fan({ fullName: "Asha Rao", timeZone: "Asia/Kolkata" });
  await creditWallet(env.DB, buyer.user.id, 1_000_000);
  const placed = await placeOrder(
    env,
    viewerOf(buyer.user),
    {
      slotId: world.slot.id,
      numberOfPlayers: 1,
      multipleGamerTags: ["Ace"],
      promoCode: undefined,
      paymentMethod: "wallet",
    },
    "http://localhost",
  );
  return { world, buyer, placed };
}

async function invitesTo(email: string | null, subject: RegExp) {
  const mails = (await readOutbox(env.PRIVATE_FILES, { to: email ?? "" })).filter((mail) => subject.test(mail.subject));
  return mails.map((mail) => mail.attachments?.[0]?.content ?? "");
}

/** A CAL-ADDRESS with its scheme in lower case (the scheme is case-insensitive: MAILTO: and mailto: alike). */
const address = (value: unknown) => String(value).replace(/^mailto:/i, "mailto:");

/** The invite as ical.js reads it: its METHOD, and the one event's organizer and attendees with their parameters. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = events[0] as ICAL.Component;
  const organizer = event.getFirstProperty("organizer");
  return {
    method: calendar.getFirstPropertyValue("method"),
    status: event.getFirstPropertyValue("status"),
    organizer: organizer && { address: address(organizer.getFirstValue()), name: organizer.getParameter("cn") },
    attendees: event.getAllProperties("attendee").map((attendee) => ({
      address: address(attendee.getFirstValue()),
      name: attendee.getParameter("cn"),
      role: attendee.getParameter("role"),
      rsvp: attendee.getParameter("rsvp"),
    })),
  };
}

const PLATFORM = "mailto:hello@noobrd.gg";

describe("calendar invites name their organizer and attendee (RFC 5546)", () => {
  it("on the confirmation's REQUEST and the fan's CANCEL", async () => {
    const { buyer, placed } = await booked();
    const [request] = await invitesTo(buyer.user.email, /Booking confirmed/);
    const fanAttendee = {
      address: `mailto:${buyer.user.email}`,
      name: "Asha Rao",
      role: "REQ-PARTICIPANT",
      rsvp: "FALSE",
    };
    expect(read(request ?? "")).toEqual({
      method: "REQUEST",
      status: "CONFIRMED",
      organizer: { address: PLATFORM, name: "Test Star" },
      attendees: [fanAttendee],
    });
    await cancelBooking(env, viewerOf(buyer.user), placed.bookingId);
    const [cancel] = await invitesTo(buyer.user.email, /^Cancelled:/);
    expect(read(cancel ?? "")).toEqual({
      method: "CANCEL",
      status: "CANCELLED",
      organizer: { address: PLATFORM, name: "Test Star" },
      attendees: [fanAttendee],
    });
  });

  it("on a move's REQUEST and a slot cancelled by the streamer, in the streamer's own name", async () => {
    const { world, buyer, placed } = await booked();
    await env.DB.prepare("UPDATE users SET full_name = ? WHERE id = ?")
      .bind('Nova; "Ace", Jr', world.streamer.id)
      .run();
    const later = await createSlot(env.DB, world.streamer.id, world.gig.id, new Date(world.startsAt.getTime() + DAY), {
      seats: 2,
    });
    await rescheduleBooking(env, viewerOf(buyer.user), { bookingId: placed.bookingId, toSlotId: later.id });
    const [moved] = await invitesTo(buyer.user.email, /Booking moved/);
    expect(read(moved ?? "")).toMatchObject({
      method: "REQUEST",
      organizer: { address: PLATFORM, name: 'Nova; "Ace", Jr' },
      attendees: [{ address: `mailto:${buyer.user.email}`, name: "Asha Rao" }],
    });
    await cancelSlot(env, viewerOf(world.streamer), later.id);
    const [cancel] = await invitesTo(buyer.user.email, /^Cancelled:/);
    expect(read(cancel ?? "")).toMatchObject({
      method: "CANCEL",
      organizer: { address: PLATFORM, name: 'Nova; "Ace", Jr' },
      attendees: [{ address: `mailto:${buyer.user.email}` }],
    });
  });
});
