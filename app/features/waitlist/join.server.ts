import { and, eq, inArray, sql } from "drizzle-orm";
import { isStaff, type Viewer } from "~/features/access";
import { holdsSeatSql, seatsTakenSql } from "~/features/seats";
import { getSlot, slotInHighDemand } from "~/features/seats/index.server";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb, isConstraintViolation } from "~/platform/db.server";
import { assertHuman, type HumanCheckSite } from "~/platform/turnstile/turnstile.server";
import { slots, waitlistEntries } from "~db/schema";
import { WAITLIST_COPY } from "./copy";
import { offerDueStatement, offerFreedSeats } from "./offers.server";
import { placeInLineStatement } from "./places.server";
import type { JoinWaitlistInput } from "./schema";

async function holdsSeat(db: ReturnType<typeof getDb>, slotId: string, userId: string, at: number) {
  const row = await db.get<{ held: number }>(sql`SELECT ${holdsSeatSql(sql`${slotId}`, userId, at)} AS held`);
  return Number(row?.held) === 1;
}

export type JoinedPlace = { entryId: string; slotId: string; seats: number; placeInLine: number };

/**
 * A fan joins a slot's waitlist (docs/domain.md "Waitlist place"). Who may: a signed-in fan, not staff, not the slot's
 * own streamer, nor a fan who holds or owns a seat of it (409). When: the slot is open, bookable and has not started, and is full for them (fewer seats free than they
 * want; else they should book). How many: 1 up to the slot's seats. The place is one conditional insert whose WHERE
 * repeats those slot rules and whose position is the line's next (max + 1, in the same statement); the partial UNIQUE
 * index (one live place per fan per slot) refuses a second place. A slot in high demand (seats/demand.ts) needs the bot
 * check first (docs/decisions/033): `site` is where the form was posted (the token must name its hostname).
 */
export async function joinWaitlist(
  env: Env,
  viewer: Viewer | null,
  input: JoinWaitlistInput,
  now = new Date(),
  site: HumanCheckSite = { hostname: "", ip: "" },
): Promise<JoinedPlace> {
  if (!viewer) throw unauthorized();
  if (isStaff(viewer)) throw forbidden(WAITLIST_COPY.staffCannotJoin);
  const db = getDb(env);
  const at = now.getTime();
  if (await slotInHighDemand(db, input.slotId, now)) {
    await assertHuman(env, input["cf-turnstile-response"], "waitlist", site);
  }
  const entryId = newId();
  let joined: [{ id: string }[], { due: number }[], { placeInLine: number }[]];
  try {
    // One round trip: the place (its WHERE holds every rule of a join at the instant of the write), then, reading it
    // back in the same batch, whether an offer is due and where it stands. A refused place is explained afterwards.
    joined = await db.batch([
      placeStatement(db, { entryId, slotId: input.slotId, userId: viewer.id, seats: input.seats, at }),
      offerDueStatement(db, input.slotId, at),
      placeInLineStatement(db, viewer.id, input.slotId),
    ]);
  } catch (error) {
    if (isConstraintViolation(error)) throw conflict(WAITLIST_COPY.alreadyJoined);
    throw error;
  }
  const [inserted, [offer], [place]] = joined;
  if (inserted.length === 0) await explainRefusal(db, viewer.id, input, now);
  // Seats may have freed before the place (an offer or a hold ran out and nobody waiting fitted them): offer them
  // now. A full slot, as in a drop, needs no offer pass: the same batch said so.
  if (offer?.due) await offerFreedSeats(env, input.slotId, now);
  return { entryId, slotId: input.slotId, seats: input.seats, placeInLine: place?.placeInLine ?? 1 };
}

/**
 * Why a place was refused, read after the refused write, in the order a fan should hear it: no such slot, their own
 * slot, not open, more seats than the slot has, a seat of it already theirs, seats free to book. A refusal none of
 * these explains is a slot that changed under the write (it closed or started): not open.
 */
async function explainRefusal(
  db: ReturnType<typeof getDb>,
  userId: string,
  input: JoinWaitlistInput,
  now: Date,
): Promise<never> {
  const [slot, holdsOne] = await Promise.all([
    getSlot(db, input.slotId, now, userId),
    holdsSeat(db, input.slotId, userId, now.getTime()),
  ]);
  if (slot.streamerId === userId) throw forbidden(WAITLIST_COPY.ownSlot);
  if (slot.priceMinor === null || slot.startsAt.getTime() <= now.getTime()) throw conflict(WAITLIST_COPY.notOpen);
  if (input.seats > slot.seats) throw badRequest(WAITLIST_COPY.tooManySeats, "seats");
  if (holdsOne) throw conflict(WAITLIST_COPY.holdsSeat);
  if (slot.seatsLeft >= input.seats) throw conflict(WAITLIST_COPY.notFull);
  throw conflict(WAITLIST_COPY.notOpen);
}

/**
 * The place: one conditional insert whose WHERE repeats the slot rules at the instant of the write, at the back of the
 * line (max + 1, in the same statement).
 */
function placeStatement(
  db: ReturnType<typeof getDb>,
  place: { entryId: string; slotId: string; userId: string; seats: number; at: number },
) {
  const { entryId, slotId, userId, seats, at } = place;
  return db
    .insert(waitlistEntries)
    .select(
      db
        .select({
          id: sql<string>`${entryId}`.as("id"),
          slotId: slots.id,
          userId: sql<string>`${userId}`.as("user_id"),
          position: sql<number>`(SELECT coalesce(max(line.position), 0) + 1 FROM waitlist_entries line
            WHERE line.slot_id = ${slotId})`.as("position"),
          seats: sql<number>`${seats}`.as("seats"),
          status: sql<"waiting">`'waiting'`.as("status"),
          offeredAt: sql<Date | null>`NULL`.as("offered_at"),
          offerExpiresAt: sql<Date | null>`NULL`.as("offer_expires_at"),
          createdAt: sql<Date>`${at}`.as("created_at"),
          updatedAt: sql<Date>`${at}`.as("updated_at"),
        })
        .from(slots)
        .where(
          and(
            eq(slots.id, slotId),
            eq(slots.status, "open"),
            // A slot of a gig (a gig's price makes it bookable), not the fan's own.
            sql`${slots.gigId} IS NOT NULL`,
            sql`${slots.streamerId} <> ${userId}`,
            sql`${slots.startsAt} > ${at}`,
            sql`${seats} <= ${slots.seats}`,
            // No place while the fan holds or owns a seat of the slot (a booking made since the read included).
            sql`NOT ${holdsSeatSql(sql`${slotId}`, userId, at)}`,
            // Full for this fan at the instant of the write.
            sql`${seatsTakenSql(sql`${slotId}`, at, undefined, userId)} + ${seats} > ${slots.seats}`,
          ),
        ),
    )
    .returning({ id: waitlistEntries.id });
}

export type LeftPlace = { slotId: string; wasOffered: boolean };

/**
 * A fan leaves a slot's waitlist: their own live place (waiting or offered) turns `left`, one conditional update. Seats
 * an offer held go to the next fan in line at once.
 */
export async function leaveWaitlist(
  env: Env,
  viewer: Viewer | null,
  slotId: string,
  now = new Date(),
): Promise<LeftPlace> {
  if (!viewer) throw unauthorized();
  const db = getDb(env);
  const left = await db
    .update(waitlistEntries)
    .set({ status: "left", updatedAt: now })
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.userId, viewer.id),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
      ),
    )
    .returning({ offeredAt: waitlistEntries.offeredAt });
  const [row] = left;
  if (!row) throw notFound(WAITLIST_COPY.notOnWaitlist);
  const wasOffered = row.offeredAt !== null;
  if (wasOffered) await offerFreedSeats(env, slotId, now);
  return { slotId, wasOffered };
}
