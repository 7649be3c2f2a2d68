import { and, asc, eq, gt, sql } from "drizzle-orm";
import { notFound } from "~/lib/errors";
import type { CurrencyCode } from "~/lib/money";
import { col, type Db } from "~/platform/db.server";
import { gigs, slots } from "~db/schema";
import { SEAT_COPY } from "./copy";
import { highDemandSql, oneHoldInDemandSql } from "./demand";
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

/** Whether the slot is in high demand at `now` (seats/demand.ts): its booking and waitlist joins need the bot check. */
export async function slotInHighDemand(db: Db, slotId: string, now = new Date()): Promise<boolean> {
  const row = await db.get<{ high: number }>(sql`SELECT ${highDemandSql(sql`${slotId}`, now.getTime())} AS high`);
  return Number(row?.high) === 1;
}

const DEMAND_SLOTS_PER_STATEMENT = 6;

/** Of these slots, the ones in high demand at `now` (the gig page draws the bot check when any is). */
export async function slotsInHighDemand(db: Db, slotIds: string[], now = new Date()): Promise<Set<string>> {
  const high = new Set<string>();
  // Each slot's rule is a column binding 16 values: 6 slots a statement stay under D1's 100 bound parameters.
  for (let start = 0; start < slotIds.length; start += DEMAND_SLOTS_PER_STATEMENT) {
    const chunk = slotIds.slice(start, start + DEMAND_SLOTS_PER_STATEMENT);
    const columns = sql.join(
      chunk.map((id, index) => sql`${highDemandSql(sql`${id}`, now.getTime())} AS ${sql.raw(`h${index}`)}`),
      sql`, `,
    );
    const row = await db.get<Record<string, number>>(sql`SELECT ${columns}`);
    chunk.forEach((id, index) => {
      if (Number(row?.[`h${index}`]) === 1) high.add(id);
    });
  }
  return high;
}

/**
 * The gig's upcoming open times in high demand at `now` (the same rule, correlated on each slot, so the statement
 * binds a handful of values however many times the gig has): a query for the gig page's one batch, so knowing which
 * forms carry the bot check costs the page no round trip of its own.
 */
export function gigSlotsInDemandQuery(db: Db, gigId: string, now = new Date()) {
  const at = now.getTime();
  return db
    .select({ id: slots.id })
    .from(slots)
    .where(
      and(
        eq(slots.gigId, gigId),
        eq(slots.status, "open"),
        gt(slots.startsAt, now),
        sql`${highDemandSql(col(slots.id), at)}`,
      ),
    );
}

/**
 * Whether `userId` already holds an unpaid checkout of a slot in high demand (why a new hold was refused).
 */
export async function holdsCheckoutInDemand(db: Db, slotId: string, userId: string, now = new Date()) {
  const at = now.getTime();
  const row = await db.get<{ refused: number }>(
    sql`SELECT NOT ${oneHoldInDemandSql(sql`${slotId}`, userId, at)} AS refused`,
  );
  return Number(row?.refused) === 1;
}
