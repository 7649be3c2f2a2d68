import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { bookings, configurations, exchangeRates, slots, streamerProfiles, users } from "../db/schema";

/**
 * Changes to rows a test already made (a saved zone, a verified profile, a slot moved into the past, a hold that
 * ran out), and removals of settings, for tests that start from such a state rather than walk the use cases that
 * lead to it. The shared factories (tests/factories.ts) re-export them.
 */
const db = (d1: D1Database) => drizzle(d1);

/** The time zone a user saved on their profile (null: none saved, the browser's hint decides). */
export async function setUserTimeZone(d1: D1Database, userId: string, timeZone: string | null) {
  await db(d1).update(users).set({ timeZone }).where(eq(users.id, userId));
}

/** A booking's seat hold ended (as if its minutes had passed) before the sweeper ran. */
export async function endHold(d1: D1Database, orderId: string, at = new Date(Date.now() - 1000)) {
  await db(d1).update(bookings).set({ holdExpiresAt: at }).where(eq(bookings.orderId, orderId));
}

/** Changes a streamer's profile (verification, platform fee...) after the fact, as staff's screens would. */
export async function updateStreamerProfile(
  d1: D1Database,
  userId: string,
  changes: Partial<Omit<typeof streamerProfiles.$inferInsert, "userId">>,
) {
  await db(d1).update(streamerProfiles).set(changes).where(eq(streamerProfiles.userId, userId));
}

/** A slot's time changed after it was booked (a session moved into the past, or one that has started). */
export async function moveSlot(d1: D1Database, slotId: string, startsAt: Date, endsAt: Date) {
  await db(d1).update(slots).set({ startsAt, endsAt }).where(eq(slots.id, slotId));
}

/** Forgets every stored exchange rate, as before the first fetch. */
export async function clearExchangeRates(d1: D1Database) {
  await db(d1).delete(exchangeRates);
}

/** Removes site configuration values, so the app falls back to its defaults for them. */
export async function clearConfiguration(d1: D1Database, ...keys: string[]) {
  await db(d1).delete(configurations).where(inArray(configurations.key, keys));
}
