import { and, asc, eq, gte, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { createEvents, type EventAttributes } from "ics";
import { lobbyCodeVisible } from "~/features/booking";
import { bookingEventUid } from "~/features/booking/index.server";
import { userOfFeedKey } from "~/features/feeds/index.server";
import { formatSlotTime, recipientZone } from "~/features/time";
import { notFound } from "~/lib/errors";
import { icsEventCore, utcParts } from "~/lib/ics-event";
import { orderPath } from "~/lib/paths";
import { getDb } from "~/platform/db.server";
import { bookings, gigs, lobbyCodes, slots, users } from "~db/schema";

/**
 * A user's private calendar (docs/domain.md "Calendar feed"): the bookings they made as a fan and, for a
 * streamer, the slots of their gigs, as one iCalendar feed a calendar app subscribes to. Times are UTC instants
 * (DTSTART...Z; the calendar shows them in its own zone) and each description says the time in the user's saved
 * zone, named (docs/decisions/019). UIDs are stable per booking (`booking-<orderId>`, the confirmation invite's)
 * and per slot (`slot-<slotId>`), so a refresh updates events in place; a cancelled booking or slot stays in the
 * feed with STATUS:CANCELLED so subscribed calendars drop or strike it.
 *
 * The key is the only credential: a malformed, forged or replaced key is a 404 (`notFound`), whoever asks.
 */
const FEED_WINDOW_MS = 60 * 24 * 60 * 60 * 1000;
const FEED_MAX_EVENTS = 500;
const FEED_CALENDAR_NAME = "Noobrd sessions";

export type CalendarFeedLinks = { origin: string; now: Date };

export async function calendarFeed(env: Env, key: string, at: CalendarFeedLinks): Promise<string> {
  const userId = await userOfFeedKey(env, "calendar", key);
  if (!userId) throw notFound();
  const db = getDb(env);
  const [user] = await db
    .select({ isStreamer: users.isStreamer, isActive: users.isActive, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.isActive) throw notFound();
  const since = new Date(at.now.getTime() - FEED_WINDOW_MS);
  const timeZone = recipientZone(user.timeZone);
  const fanEvents = (await fanBookings(env, userId, since)).map((row) => bookingEvent(row, timeZone, at));
  const streamerEvents = user.isStreamer
    ? (await streamerSlots(env, userId, since)).map((row) => slotEvent(row, timeZone, at))
    : [];
  return calendarText([...fanEvents, ...streamerEvents]);
}

const streamer = alias(users, "streamer");

/** Bookings that were confirmed once (held-then-expired checkouts never were a booking to the fan). */
function fanBookings(env: Env, userId: string, since: Date) {
  return getDb(env)
    .select({
      orderId: bookings.orderId,
      seats: bookings.seats,
      status: bookings.status,
      slotStatus: slots.status,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      title: gigs.title,
      streamerName: streamer.username,
      lobbyCode: lobbyCodes.code,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(streamer, eq(streamer.id, slots.streamerId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.slotId, slots.id))
    .where(and(eq(bookings.userId, userId), isNotNull(bookings.confirmedAt), gte(slots.startsAt, since)))
    .orderBy(asc(slots.startsAt))
    .limit(FEED_MAX_EVENTS)
    .all();
}

function streamerSlots(env: Env, streamerId: string, since: Date) {
  return getDb(env)
    .select({
      slotId: slots.id,
      status: slots.status,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      seats: slots.seats,
      title: gigs.title,
      lobbyCode: lobbyCodes.code,
      updatedAt: slots.updatedAt,
      booked: sql<number>`(SELECT coalesce(sum(b.seats), 0) FROM ${bookings} b WHERE b.slot_id = ${slots.id}
        AND (b.status IN ('confirmed', 'completed', 'no_show')))`,
    })
    .from(slots)
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(lobbyCodes, eq(lobbyCodes.slotId, slots.id))
    .where(and(eq(slots.streamerId, streamerId), gte(slots.startsAt, since)))
    .orderBy(asc(slots.startsAt))
    .limit(FEED_MAX_EVENTS)
    .all();
}

type FanBooking = Awaited<ReturnType<typeof fanBookings>>[number];
type StreamerSlot = Awaited<ReturnType<typeof streamerSlots>>[number];

function bookingEvent(row: FanBooking, timeZone: string, at: CalendarFeedLinks): EventAttributes {
  const cancelled = row.status === "cancelled" || row.slotStatus === "cancelled";
  const url = `${at.origin}${orderPath(row.orderId)}`;
  const title = row.title ?? "Game session";
  // The fan sees the slot's code on the same terms as on the order page: near the start, until the end.
  const code = !cancelled && row.lobbyCode && lobbyCodeVisible(row.startsAt, row.endsAt, at.now) ? row.lobbyCode : null;
  const lines = [
    `${title} with ${row.streamerName}, ${formatSlotTime(row.startsAt, row.endsAt, timeZone)}.`,
    `${row.seats} seat${row.seats === 1 ? "" : "s"}.`,
    code ? `Lobby code: ${code}` : "The lobby code shows on your order page shortly before the start.",
    `Your order: ${url}`,
  ];
  return event({
    uid: bookingEventUid(row.orderId),
    title: cancelled ? `Cancelled: ${title}` : title,
    description: cancelled ? `Cancelled. ${lines[0]}\n${lines[3]}` : lines.join("\n"),
    url,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    cancelled,
    updatedAt: row.updatedAt,
  });
}

function slotEvent(row: StreamerSlot, timeZone: string, at: CalendarFeedLinks): EventAttributes {
  const cancelled = row.status === "cancelled";
  const url = `${at.origin}/influencer/calendar-dashboard`;
  const title = row.title ?? "Open slot";
  const lines = [
    `${title}, ${formatSlotTime(row.startsAt, row.endsAt, timeZone)}.`,
    `${Number(row.booked)} of ${row.seats} seats booked.`,
    row.lobbyCode ? `Lobby code: ${row.lobbyCode}` : "No lobby code set yet.",
    `Your calendar: ${url}`,
  ];
  return event({
    uid: `slot-${row.slotId}@noobrd.gg`,
    title: cancelled ? `Cancelled: ${title}` : title,
    description: cancelled ? `Cancelled. ${lines[0]}\n${lines[3]}` : lines.join("\n"),
    url,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    cancelled,
    updatedAt: row.updatedAt,
  });
}

function event(input: {
  uid: string;
  title: string;
  description: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  updatedAt: Date;
}): EventAttributes {
  return {
    ...icsEventCore(input),
    transp: input.cancelled ? "TRANSPARENT" : "OPAQUE",
    lastModified: utcParts(input.updatedAt),
  };
}

/** Calendar apps poll a subscription; ask for an hourly refresh (Google decides for itself). */
const REFRESH_LINES = "X-PUBLISHED-TTL:PT1H\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n";

function calendarText(events: EventAttributes[]): string {
  const { error, value } = createEvents(events, {
    productId: "noobrd/calendar-feed",
    method: "PUBLISH",
    calName: FEED_CALENDAR_NAME,
  });
  if (error || !value) throw error ?? new Error("calendar feed");
  return value.replace(/(X-WR-CALNAME:[^\r\n]*\r\n)/, `$1${REFRESH_LINES}`);
}
