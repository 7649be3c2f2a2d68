import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { formatClock, formatSlotTime } from "~/features/time";
import { unauthorized } from "~/lib/errors";
import { gigPath } from "~/lib/paths.server";
import { col, type Db, getDb } from "~/platform/db.server";
import { gigs, slots, waitlistEntries } from "~db/schema";
import { offerCheckoutPath } from "./links.server";
import { offerHolds } from "./offer-policy";

/** A place still in line: waiting, or offered (its seats held for the fan). */
const LIVE = ["waiting", "offered"] as const;

/** How many live places are at or ahead of this one in its slot's line (1 = next to be offered). */
const placeInLineSql = sql<number>`(SELECT count(*) FROM waitlist_entries ahead
  WHERE ahead.slot_id = ${col(waitlistEntries.slotId)} AND ahead.status IN ('waiting', 'offered')
    AND ahead.position <= ${col(waitlistEntries.position)})`.mapWith(Number);

/** The number of fans in a slot's line (waiting or offered), for the streamer's calendar. */
export function waitlistLengthSql(slotId: SQL): SQL<number> {
  return sql<number>`(SELECT count(*) FROM waitlist_entries line
    WHERE line.slot_id = ${slotId} AND line.status IN ('waiting', 'offered'))`.mapWith(Number);
}

export type ViewerPlace = {
  slotId: string;
  status: "waiting" | "offered";
  seats: number;
  placeInLine: number;
  offerExpiresAt: Date | null;
  /** Where the fan books the seats held for them (null while waiting). */
  checkoutPath: string | null;
};

/** Where an offered place's seats are booked (null while waiting, or when the gig is gone). */
const checkoutPathOf = (row: { status: string; gigId: string | null; slotId: string; seats: number }) =>
  row.status === "offered" && row.gigId ? offerCheckoutPath(row.gigId, row.slotId, row.seats) : null;

/** The viewer's live places on one gig's slots: the gig page sends this in its own batch (one round trip). */
export function viewerPlacesOnGigQuery(db: Db, viewerId: string, gigId: string) {
  return db
    .select({
      slotId: waitlistEntries.slotId,
      status: waitlistEntries.status,
      seats: waitlistEntries.seats,
      placeInLine: placeInLineSql,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      gigId: slots.gigId,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .where(and(eq(waitlistEntries.userId, viewerId), inArray(waitlistEntries.status, LIVE), eq(slots.gigId, gigId)));
}

/** The rows of `viewerPlacesOnGigQuery`, as places (an offer past its expiry is no offer any more). */
export function viewerPlaces(
  rows: Awaited<ReturnType<typeof viewerPlacesOnGigQuery>>,
  now = new Date(),
): ViewerPlace[] {
  return rows
    .filter((row) => row.status === "waiting" || offerHolds(row, now))
    .map(({ gigId, ...row }) => ({
      ...row,
      status: row.status as ViewerPlace["status"],
      checkoutPath: checkoutPathOf({ ...row, gigId }),
    }));
}

/**
 * A place as a page shows it: when an offer's held seats go back, in words in the viewer's zone ("held for you until
 * 19:30"), instead of the instant; the browser then builds no time-zone formatter to hydrate it.
 */
function placeInWords<T extends ViewerPlace>(
  { offerExpiresAt, ...place }: T,
  zone: string,
): Omit<T, "offerExpiresAt"> & { heldUntil: string | null } {
  const held = place.status === "offered" && offerExpiresAt !== null;
  return { ...place, heldUntil: held ? formatClock(offerExpiresAt, zone) : null };
}

/**
 * A place with its slot's time, both in words in the viewer's zone ("held until" as placeInWords, and "Sat, Nov 28,
 * 19:00-20:00"), as the gig page and the profile show it: the page hydrates without a time-zone formatter.
 */
export function placeWithTimeInWords<T extends ViewerPlace>(
  place: T,
  slot: { startsAt: Date; endsAt: Date },
  zone: string,
): Omit<T, "offerExpiresAt"> & { heldUntil: string | null; when: string } {
  return { ...placeInWords(place, zone), when: formatSlotTime(slot.startsAt, slot.endsAt, zone) };
}

/** Slots as this viewer sees them: the seats a live offer holds for them count as left (theirs to book). */
export function withOfferedSeats<T extends { id: string; seatsLeft: number }>(slots: T[], places: ViewerPlace[]): T[] {
  return slots.map((slot) => {
    const offer = places.find((place) => place.slotId === slot.id && place.status === "offered");
    return offer ? { ...slot, seatsLeft: slot.seatsLeft + offer.seats } : slot;
  });
}

/** One fan's live place in one slot's line (no row, or one), as a statement for a caller's batch. */
export function placeInLineStatement(db: Db, userId: string, slotId: string) {
  return db
    .select({ status: waitlistEntries.status, seats: waitlistEntries.seats, placeInLine: placeInLineSql })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, LIVE),
      ),
    );
}

export type ProfilePlace = ViewerPlace & {
  gigId: string | null;
  title: string | null;
  startsAt: Date;
  endsAt: Date;
  /** The gig's page (null when the gig is gone). */
  gigHref: string | null;
};

/** The profile's "Waitlists": the viewer's live places on upcoming open slots, soonest first. */
export async function myWaitlistPlaces(env: Env, viewer: Viewer | null, now = new Date()): Promise<ProfilePlace[]> {
  if (!viewer) throw unauthorized();
  const rows = await getDb(env)
    .select({
      slotId: waitlistEntries.slotId,
      status: waitlistEntries.status,
      seats: waitlistEntries.seats,
      placeInLine: placeInLineSql,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      gigId: slots.gigId,
      title: gigs.title,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
    })
    .from(waitlistEntries)
    .innerJoin(slots, eq(slots.id, waitlistEntries.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .where(
      and(
        eq(waitlistEntries.userId, viewer.id),
        inArray(waitlistEntries.status, LIVE),
        eq(slots.status, "open"),
        gt(slots.startsAt, now),
      ),
    )
    .orderBy(asc(slots.startsAt));
  const live = new Set(viewerPlaces(rows, now).map((place) => place.slotId));
  return rows
    .filter((row) => live.has(row.slotId))
    .map((row) => ({
      ...row,
      status: row.status as ViewerPlace["status"],
      checkoutPath: checkoutPathOf(row),
      gigHref: row.gigId ? gigPath(row.gigId) : null,
    }));
}
