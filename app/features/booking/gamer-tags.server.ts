import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { col, type Db, getDb, named } from "~/platform/db.server";
import { bookingGamertags, bookings, orders, slots } from "~db/schema";
import { BOOKING_COPY } from "./copy";

export type GamerTagChange = { id: string; gamertag: string };

const EDITABLE = ["held", "confirmed"] as const;

/** The viewer's own booking of an order (or of a slot), with the slot's start. */
async function ownBooking(db: Db, viewer: Viewer, by: { orderId: string } | { slotId: string }) {
  const [row] = await db
    .select(
      named({
        bookingId: bookings.id,
        orderId: bookings.orderId,
        slotId: bookings.slotId,
        status: bookings.status,
        startsAt: slots.startsAt,
      }),
    )
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(
      and(
        eq(bookings.userId, viewer.id),
        "orderId" in by ? eq(bookings.orderId, by.orderId) : eq(bookings.slotId, by.slotId),
        "slotId" in by ? inArray(bookings.status, EDITABLE) : undefined,
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The buyer changes the gamer tags of their booking until the slot starts. Only the buyer (anyone else's
 * order answers 404), only a held or confirmed booking, only tags of that booking. Each update is conditional
 * on the same rule (booking still the buyer's, editable, slot not started), so a change racing the start or a
 * cancellation writes nothing.
 */
export async function updateGamerTags(
  env: Env,
  viewer: Viewer,
  input: { orderId: string; slotId?: string; changes: GamerTagChange[] },
  now = new Date(),
): Promise<{ orderId: string; slotId: string; gamerTags: { id: string; gamertag: string }[] }> {
  const db = getDb(env);
  const booking = await ownBooking(db, viewer, { orderId: input.orderId });
  if (!booking || (input.slotId && input.slotId !== booking.slotId)) throw notFound(BOOKING_COPY.orderNotFound);
  return applyChanges(db, viewer, booking, input.changes, now);
}

/** POST /api/v1/user/edit-gamer-tag: one tag of the viewer's booking of a slot. */
export async function editGamerTagOfSlot(
  env: Env,
  viewer: Viewer,
  input: { slotId: string; gamerTagId: string; gamertag: string },
  now = new Date(),
) {
  const db = getDb(env);
  const booking = await ownBooking(db, viewer, { slotId: input.slotId });
  if (!booking) throw notFound(BOOKING_COPY.bookingNotFound);
  return applyChanges(db, viewer, booking, [{ id: input.gamerTagId, gamertag: input.gamertag }], now);
}

async function applyChanges(
  db: Db,
  viewer: Viewer,
  booking: NonNullable<Awaited<ReturnType<typeof ownBooking>>>,
  changes: GamerTagChange[],
  now: Date,
) {
  if (!(EDITABLE as readonly string[]).includes(booking.status) || booking.startsAt.getTime() <= now.getTime()) {
    throw conflict(BOOKING_COPY.gamertagsLocked);
  }
  const existing = await db
    .select({ id: bookingGamertags.id })
    .from(bookingGamertags)
    .where(eq(bookingGamertags.bookingId, booking.bookingId));
  const known = new Set(existing.map((tag) => tag.id));
  if (changes.some((change) => !known.has(change.id))) throw badRequest(BOOKING_COPY.unknownGamertag);

  const stillEditable = sql`EXISTS (SELECT 1 FROM ${bookings} JOIN ${slots} ON ${col(slots.id)} = ${col(bookings.slotId)}
    WHERE ${col(bookings.id)} = ${booking.bookingId} AND ${col(bookings.userId)} = ${viewer.id}
      AND ${col(bookings.status)} IN ('held', 'confirmed') AND ${col(slots.startsAt)} > ${now.getTime()})`;
  const updates = changes.map((change) =>
    db
      .update(bookingGamertags)
      .set({ gamertag: change.gamertag })
      .where(and(eq(bookingGamertags.id, change.id), eq(bookingGamertags.bookingId, booking.bookingId), stillEditable))
      .returning({ id: bookingGamertags.id }),
  );
  const [first, ...rest] = updates;
  if (!first) throw badRequest(BOOKING_COPY.unknownGamertag);
  const results = await db.batch([first, ...rest]);
  if (results.some((rows) => rows.length === 0)) throw conflict(BOOKING_COPY.gamertagsLocked);
  const gamerTags = await db
    .select({ id: bookingGamertags.id, gamertag: bookingGamertags.gamertag })
    .from(bookingGamertags)
    .where(eq(bookingGamertags.bookingId, booking.bookingId))
    .orderBy(asc(bookingGamertags.position));
  return { orderId: booking.orderId, slotId: booking.slotId, gamerTags };
}

/**
 * POST /api/v1/user/booked-slot-details {productId}: the viewer's own held or confirmed bookings of a gig's
 * slots that have not ended, with their gamer tags (what the gig page shows as "your bookings").
 */
export async function bookedSlotDetails(env: Env, viewer: Viewer, gigId: string, now = new Date()) {
  const db = getDb(env);
  const rows = await db
    .select(
      named({
        bookingId: bookings.id,
        orderId: bookings.orderId,
        slotId: slots.id,
        status: bookings.status,
        seats: bookings.seats,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        orderStatus: orders.status,
      }),
    )
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .where(
      and(
        eq(bookings.userId, viewer.id),
        eq(slots.gigId, gigId),
        inArray(bookings.status, EDITABLE),
        gt(slots.endsAt, now),
      ),
    )
    .orderBy(asc(slots.startsAt));
  const tags =
    rows.length === 0
      ? []
      : await db
          .select({
            id: bookingGamertags.id,
            bookingId: bookingGamertags.bookingId,
            gamertag: bookingGamertags.gamertag,
          })
          .from(bookingGamertags)
          .where(
            inArray(
              bookingGamertags.bookingId,
              rows.map((row) => row.bookingId),
            ),
          )
          .orderBy(asc(bookingGamertags.position));
  return rows.map((row) => ({
    ...row,
    gamerTags: tags.filter((tag) => tag.bookingId === row.bookingId).map(({ id, gamertag }) => ({ id, gamertag })),
  }));
}
