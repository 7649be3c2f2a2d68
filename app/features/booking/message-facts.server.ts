import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb, named } from "~/platform/db.server";
import { bookings, gigs, orders, slots, users } from "~db/schema";

const streamer = alias(users, "streamer");

/**
 * What a message about one booking reads when it is delivered: the booking and its order's states, its fan (who is
 * told, in their zone) and its slot and gig. Null when the booking is gone.
 */
export async function bookingMessageFacts(env: Env, bookingId: string) {
  const [row] = await getDb(env)
    .select(
      named({
        userId: bookings.userId,
        status: bookings.status,
        inviteSequence: bookings.inviteSequence,
        slotId: bookings.slotId,
        orderId: orders.id,
        orderStatus: orders.status,
        email: users.email,
        name: users.fullName,
        username: users.username,
        timeZone: users.timeZone,
        startsAt: slots.startsAt,
        endsAt: slots.endsAt,
        streamerId: slots.streamerId,
        title: gigs.title,
        gigId: slots.gigId,
        streamerFullName: streamer.fullName,
        streamerUsername: streamer.username,
      }),
    )
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .leftJoin(gigs, eq(gigs.id, slots.gigId))
    .leftJoin(streamer, eq(streamer.id, slots.streamerId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { streamerFullName, streamerUsername, ...facts } = row;
  return { ...facts, streamerName: streamerFullName || streamerUsername || "your streamer" };
}

/** The streamer a message about a booking goes to: who they are and their zone (their side reads in it). */
export async function streamerToTell(env: Env, streamerId: string) {
  const [streamer] = await getDb(env)
    .select({
      id: users.id,
      email: users.email,
      name: users.fullName,
      username: users.username,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, streamerId));
  return streamer ?? null;
}
