import { and, asc, eq, gt } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db } from "~/platform/db.server";
import { gigs, slots } from "~db/schema";
import { SEAT_COPY } from "./copy";
import { seatsTakenSql } from "./seats";

const bookableColumns = (now: Date, forUserId?: string) => ({
  id: slots.id,
  streamerId: slots.streamerId,
  gigId: slots.gigId,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  seats: slots.seats,
  status: slots.status,
  priceMinor: gigs.listPriceMinor,
  currency: gigs.baseCurrency,
  title: gigs.title,
  archivedAt: gigs.archivedAt,
  seatsTaken: seatsTakenSql(col(slots.id), now, undefined, forUserId),
});

export type BookableSlot = {
  id: string;
  streamerId: string;
  gigId: string | null;
  startsAt: Date;
  endsAt: Date;
  seats: number;
  seatsLeft: number;
  bookable: boolean;
  /** The gig's price per seat exactly as its streamer set it, in their currency (null for a slot without a gig). */
  priceMinor: number | null;
  currency: CurrencyCode | null;
  title: string | null;
};

function shape(row: Awaited<ReturnType<typeof selectSlots>>[number], now: Date): BookableSlot {
  const seatsLeft = Math.max(0, row.seats - Number(row.seatsTaken));
  return {
    id: row.id,
    streamerId: row.streamerId,
    gigId: row.gigId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    seats: row.seats,
    seatsLeft,
    bookable:
      row.status === "open" &&
      row.startsAt.getTime() > now.getTime() &&
      row.priceMinor !== null &&
      row.archivedAt === null &&
      seatsLeft > 0,
    priceMinor: row.priceMinor,
    currency: row.currency,
    title: row.title,
  };
}

function selectSlots(db: Db, now: Date, forUserId?: string) {
  return db.select(bookableColumns(now, forUserId)).from(slots).leftJoin(gigs, eq(gigs.id, slots.gigId));
}

/**
 * One slot as a buyer sees it. With `forUserId`, the seats a waitlist offer holds for that fan count as free for them
 * (they are theirs to book; booking/seats.ts).
 */
export async function getSlot(db: Db, slotId: string, now = new Date(), forUserId?: string): Promise<BookableSlot> {
  const [row] = await selectSlots(db, now, forUserId).where(eq(slots.id, slotId)).limit(1);
  if (!row) throw notFound(SEAT_COPY.slotNotFound);
  return shape(row, now);
}

/** Upcoming open slots of a gig, soonest first (GET /api/get/slots/:productId, the gig page). */
export async function upcomingSlotsOfGig(db: Db, gigId: string, now = new Date(), limit = 50) {
  const rows = await selectSlots(db, now)
    .where(and(eq(slots.gigId, gigId), eq(slots.status, "open"), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt))
    .limit(limit);
  return rows.map((row) => shape(row, now));
}

/** POST /api/post/check-slot-available-to-book/:slotId: can `numberOfPlayers` seats be booked now? */
export async function checkSlotAvailable(
  db: Db,
  slotId: string,
  numberOfPlayers: number,
  now = new Date(),
  forUserId?: string,
) {
  // The asking fan's own waitlist offer counts as free for them, as it does when they book (getSlot).
  const slot = await getSlot(db, slotId, now, forUserId);
  const available = slot.bookable && numberOfPlayers <= slot.seatsLeft;
  return { available, seatsLeft: slot.seatsLeft, slotId: slot.id };
}
