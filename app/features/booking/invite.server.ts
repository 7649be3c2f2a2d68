import { createEvent } from "ics";
import { formatSlotTime } from "~/features/time";
import { icsEventCore } from "~/lib/ics-event";
import { icsParamText } from "~/lib/ics-text";
import { platformAddress } from "~/platform/email/email.server";

/**
 * The UID of a booking's calendar event: the same in its confirmation's invite, its cancellation's and the fan's
 * calendar feed, so a calendar app updates or removes the one event. A booking belongs to exactly one order, and the
 * UID is made from that order's id (stable for the booking's whole life).
 */
export const bookingEventUid = (orderId: string): string => `booking-${orderId}@noobrd.gg`;

/**
 * The SEQUENCE of a version of a booking's event, from the booking's `invite_sequence` (0 at confirmation, one more
 * at each move to another time): an invite for the booking as it stands carries it, a cancellation one more, so a
 * calendar app that keeps the invite applies each later version.
 */
function inviteSequence(kind: "request" | "cancel", bookingSequence: number): number {
  return kind === "request" ? bookingSequence : bookingSequence + 1;
}

/** Who an invite is between (RFC 5546): the platform's address in the streamer's name, and the fan. */
export type InvitePeople = {
  /** The platform's address (platformAddress), which sends the invite and hears any reply. */
  organizerEmail: string;
  /** The streamer the session is with: the organizer's name as a calendar shows it. */
  streamerName: string;
  attendeeEmail: string;
  attendeeName: string;
};

/** The people of a booking's invite: the platform's address as organizer, in the streamer's name, and the fan. */
export function invitePeople(
  env: Env,
  fan: { email: string; name: string | null },
  streamerName: string,
): InvitePeople {
  return {
    organizerEmail: platformAddress(env),
    streamerName,
    attendeeEmail: fan.email,
    attendeeName: fan.name || fan.email,
  };
}

type InviteInput = InvitePeople & {
  orderId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  url: string;
  timeZone: string;
};

/**
 * A booking's .ics invite (METHOD:REQUEST, SEQUENCE 0) or its withdrawal (METHOD:CANCEL, a higher SEQUENCE,
 * STATUS:CANCELLED), both with the booking's UID. Times are UTC instants (a calendar shows them in its own zone);
 * the description says the time in the recipient's zone, named (docs/decisions/019-viewer-time-zone.md). RFC 5546
 * asks both methods for an ORGANIZER and the ATTENDEE they concern: the organizer is the platform's address under the
 * streamer's name, the attendee the fan, who booked the seat and so has accepted it (no RSVP asked); without them
 * Gmail and Outlook may treat the file as a plain attachment, or fail to remove the event on CANCEL.
 */
export function bookingInvite(input: InviteInput, kind: "request" | "cancel" = "request", bookingSequence = 0): string {
  const when = formatSlotTime(input.startsAt, input.endsAt, input.timeZone);
  const description =
    kind === "request"
      ? `Your Noobrd session, ${when}. The lobby code appears on ${input.url} shortly before the start.`
      : `Cancelled: your Noobrd session, ${when}. Your order: ${input.url}`;
  const { error, value } = createEvent({
    ...icsEventCore({
      uid: bookingEventUid(input.orderId),
      title: input.title,
      description,
      url: input.url,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      cancelled: kind === "cancel",
    }),
    organizer: { name: icsParamText(input.streamerName), email: input.organizerEmail },
    attendees: [
      {
        name: icsParamText(input.attendeeName),
        email: input.attendeeEmail,
        role: "REQ-PARTICIPANT",
        ...(kind === "request" ? { partstat: "ACCEPTED" as const } : {}),
        rsvp: false,
      },
    ],
    productId: "noobrd/bookings",
    method: kind === "request" ? "REQUEST" : "CANCEL",
    sequence: inviteSequence(kind, bookingSequence),
  });
  if (error || !value) throw error ?? new Error("calendar invite");
  return value;
}

/** The invite as an email attachment. */
export function inviteAttachment(invite: string, kind: "request" | "cancel" = "request") {
  return {
    filename: kind === "request" ? "noobrd-session.ics" : "noobrd-session-cancelled.ics",
    contentType: `text/calendar; charset=utf-8; method=${kind === "request" ? "REQUEST" : "CANCEL"}`,
    content: invite,
  };
}
