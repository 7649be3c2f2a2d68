import { drizzle } from "drizzle-orm/d1";
import type { Viewer } from "../app/features/access/policy";
import { newId } from "../app/lib/id";
import {
  bans,
  bookingGamertags,
  bookings,
  configurations,
  credentials,
  exchangeRates,
  favouriteGigs,
  favouriteStars,
  gameModes,
  gamePlatforms,
  games,
  gigs,
  gigTags,
  liveSessions,
  liveSessionTags,
  lobbyCodes,
  oauthAccounts,
  orders,
  platforms,
  promoCodes,
  promoRedemptions,
  queueEntries,
  reports,
  slots,
  streamerProfiles,
  users,
  walletEntries,
} from "../db/schema";

export {
  createCompletedPayout,
  notifyUser,
  offerMove,
  recordAlertDelivery,
  recordAudit,
  refundToWallet,
} from "./after-sale-factories";
export {
  clearConfiguration,
  clearExchangeRates,
  endHold,
  moveSlot,
  setUserTimeZone,
  updateStreamerProfile,
} from "./changed-rows";

type NewUser = typeof users.$inferInsert;
const db = (d1: D1Database) => drizzle(d1);

/** Inserts a user with sensible defaults; tests override what they care about. */
export async function createUser(d1: D1Database, overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? newId();
  const [user] = await db(d1)
    .insert(users)
    .values({
      id,
      username: `player_${id.slice(0, 8)}`,
      fullName: "Test Player",
      email: `${id}@example.com`,
      emailVerifiedAt: new Date(),
      country: "US",
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user not inserted");
  return user;
}

/** An influencer: a user with is_influencer and a profile. */
export async function createStreamer(
  d1: D1Database,
  overrides: Partial<NewUser> = {},
  profile: Partial<typeof streamerProfiles.$inferInsert> = {},
) {
  const user = await createUser(d1, { isStreamer: true, fullName: "Test Star", ...overrides });
  await db(d1)
    .insert(streamerProfiles)
    .values({ userId: user.id, ...profile });
  return user;
}

export async function createPlatform(d1: D1Database, key: string, name = key, sortOrder = 0) {
  const id = `plt_${key}`;
  await db(d1)
    .insert(platforms)
    .values({ id, platformIdName: key, platformName: name, sortOrder })
    .onConflictDoNothing();
  return { id, key, name };
}

/** A game with one mode (no_of_players seats) on the given platforms. */
export async function createGame(
  d1: D1Database,
  overrides: Partial<typeof games.$inferInsert> = {},
  options: { platformIds?: string[]; modeName?: string; noOfPlayers?: number; durationMinutes?: number } = {},
) {
  const id = overrides.id ?? newId();
  const name = overrides.name ?? `Game ${id.slice(0, 6)}`;
  await db(d1)
    .insert(games)
    .values({ id, name, slug: overrides.slug ?? `${id}-slug`, ...overrides });
  const modeId = newId();
  await db(d1)
    .insert(gameModes)
    .values({
      id: modeId,
      gameId: id,
      name: options.modeName ?? "Duos",
      durationMinutes: options.durationMinutes ?? 30,
      noOfPlayers: options.noOfPlayers ?? 2,
    });
  for (const platformId of options.platformIds ?? []) {
    await db(d1).insert(gamePlatforms).values({ gameId: id, platformId });
  }
  return { id, name, modeId, platformIds: options.platformIds ?? [] };
}

/** A gig of `influencerId` on `game` (its first platform unless given), with tags. */
export async function createGig(
  d1: D1Database,
  influencerId: string,
  game: { id: string; modeId: string; platformIds: string[] },
  overrides: Partial<typeof gigs.$inferInsert> = {},
  tags: string[] = [],
) {
  const id = overrides.id ?? newId();
  const platformId = overrides.platformId ?? game.platformIds[0];
  if (!platformId) throw new Error("the game has no platform");
  await db(d1)
    .insert(gigs)
    .values({
      id,
      streamerId: influencerId,
      title: `Gig ${id.slice(0, 6)}`,
      gameId: game.id,
      gameModeId: game.modeId,
      platformId,
      priceMinor: 1000,
      ...overrides,
      // The price as set (db/schema/gigs.ts): a test that names only a USD price means that price.
      listPriceMinor: overrides.listPriceMinor ?? overrides.priceMinor ?? 1000,
    });
  for (const tag of tags) await db(d1).insert(gigTags).values({ gigId: id, tag });
  return { id, platformId };
}

export async function createSlot(
  d1: D1Database,
  influencerId: string,
  gigId: string | null,
  startsAt: Date,
  overrides: Partial<typeof slots.$inferInsert> = {},
) {
  const id = overrides.id ?? newId();
  await db(d1)
    .insert(slots)
    .values({
      id,
      streamerId: influencerId,
      gigId: gigId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      seats: 2,
      ...overrides,
    });
  return { id };
}

/** An order of a user: a paid $10 card slot booking unless told otherwise. */
export async function createOrder(d1: D1Database, userId: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  const id = overrides.id ?? newId();
  await db(d1)
    .insert(orders)
    .values({
      id,
      userId,
      kind: "slot_booking",
      status: "paid",
      amountMinor: 1000,
      paymentMethod: "card",
      paidAt: new Date(),
      ...overrides,
    });
  return { id };
}

/**
 * A booking of `seats` on a slot, with its slot-booking order (paid when confirmed; $10 a seat by card unless
 * `order` says otherwise).
 */
export async function createBooking(
  d1: D1Database,
  slot: { id: string; influencerId: string },
  userId: string,
  status: "held" | "confirmed" | "cancelled" | "expired",
  seats = 1,
  holdExpiresAt: Date | null = status === "held" ? new Date(Date.now() + 10 * 60_000) : null,
  order: Partial<typeof orders.$inferInsert> = {},
) {
  const paid = status === "confirmed";
  const { id: orderId } = await createOrder(d1, userId, {
    streamerId: slot.influencerId,
    status: paid ? "paid" : "pending_payment",
    amountMinor: 1000 * seats,
    slotId: slot.id,
    paidAt: paid ? new Date() : null,
    ...order,
  });
  const id = newId();
  await db(d1)
    .insert(bookings)
    .values({
      id,
      slotId: slot.id,
      userId,
      orderId,
      seats,
      status,
      holdExpiresAt: status === "held" ? holdExpiresAt : null,
      confirmedAt: paid ? new Date() : null,
    });
  return { id, orderId };
}

/** An open live session of an influencer (and the user row pointing at it). */
export async function createLiveSession(
  d1: D1Database,
  influencerId: string,
  game: { id: string; modeId: string; platformIds: string[] },
  overrides: Partial<typeof liveSessions.$inferInsert> = {},
  tags: string[] = [],
) {
  const id = overrides.id ?? newId();
  const platformId = overrides.platformId ?? game.platformIds[0];
  if (!platformId) throw new Error("the game has no platform");
  await db(d1)
    .insert(liveSessions)
    .values({
      id,
      streamerId: influencerId,
      title: `Live ${id.slice(0, 6)}`,
      gameId: game.id,
      gameModeId: game.modeId,
      platformId,
      priceMinor: 500,
      startedAt: new Date(),
      ...overrides,
      listPriceMinor: overrides.listPriceMinor ?? overrides.priceMinor ?? 500,
    });
  for (const tag of tags) await db(d1).insert(liveSessionTags).values({ liveSessionId: id, tag });
  if (!overrides.endedAt) {
    await d1.prepare("UPDATE users SET live_session_id = ? WHERE id = ?").bind(id, influencerId).run();
  }
  return { id };
}

export async function setUsdInrRate(
  d1: D1Database,
  rateMicros: number,
  nextUpdateAt = new Date(Date.now() + 86_400_000),
) {
  await db(d1)
    .insert(exchangeRates)
    .values({
      id: "usd-inr",
      base: "USD",
      quote: "INR",
      rateMicros,
      fetchedAt: new Date(Math.min(Date.now(), nextUpdateAt.getTime())),
      nextUpdateAt,
      source: "test",
    })
    .onConflictDoUpdate({
      target: [exchangeRates.base, exchangeRates.quote],
      set: { rateMicros, nextUpdateAt, fetchedAt: new Date(Math.min(Date.now(), nextUpdateAt.getTime())) },
    });
}

/** The Viewer a use case receives for a user row (what the session lookup would build). */
export function viewerOf(user: typeof users.$inferSelect): Viewer {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    role: user.role,
    isActive: user.isActive,
    isStreamer: user.isStreamer,
    isLive: false,
    liveSessionId: null,
    pictureUrl: null,
    country: user.country ?? null,
    timeZone: user.timeZone ?? null,
  };
}

/** The gamer tags of a booking's seats, in order (position 0, 1, ...). */
export async function addBookingGamertags(d1: D1Database, bookingId: string, tags: string[]) {
  const rows = tags.map((gamertag, position) => ({ id: newId(), bookingId, position, gamertag }));
  if (rows.length > 0) await db(d1).insert(bookingGamertags).values(rows);
  return rows;
}

/** The streamer's lobby code of a slot. */
export async function setSlotLobbyCode(d1: D1Database, slotId: string, code: string) {
  await db(d1).insert(lobbyCodes).values({ id: newId(), slotId, code });
}

/** Money in a user's wallet (a promo credit entry unless told: no order needed). */
export async function creditWallet(
  d1: D1Database,
  userId: string,
  amountMinor: number,
  currency: "USD" | "INR" = "USD",
  kind: "promo_credit" | "adjustment" = "promo_credit",
) {
  await db(d1).insert(walletEntries).values({ id: newId(), userId, amountMinor, currency, kind, note: "test credit" });
}

/** A promo code: 10% off, active, unless told otherwise. */
export async function createPromoCode(d1: D1Database, overrides: Partial<typeof promoCodes.$inferInsert> = {}) {
  const id = overrides.id ?? newId();
  const code = overrides.code ?? `PROMO${id.slice(0, 8).toUpperCase()}`;
  await db(d1)
    .insert(promoCodes)
    .values({ id, kind: "percent", value: 1000, ...overrides, code });
  return { id, code };
}

/** A promo code's use on an order (what a checkout with the code records). */
export async function redeemPromo(
  d1: D1Database,
  promoCodeId: string,
  order: { id: string; userId: string },
  discountMinor: number,
) {
  await db(d1)
    .insert(promoRedemptions)
    .values({ id: newId(), promoCodeId, userId: order.userId, orderId: order.id, discountMinor });
}

/** An active ban of a user (staff's moderation), from `bannedAt` on. */
export async function banUser(d1: D1Database, userId: string, reason: string | null = null, bannedAt = new Date()) {
  await db(d1).insert(bans).values({ id: newId(), userId, reason, bannedAt });
}

/** A password login for a user, stored as its hash (app/features/auth/password.server.ts's format). */
export async function setPasswordHash(d1: D1Database, userId: string, passwordHash: string) {
  await db(d1).insert(credentials).values({ userId, passwordHash });
}

/** A fan following a star (favourite star). */
export async function favouriteStar(d1: D1Database, userId: string, influencerId: string) {
  await db(d1).insert(favouriteStars).values({ userId, streamerId: influencerId });
}

/** A fan's favourite gig. */
export async function favouriteGig(d1: D1Database, userId: string, productId: string) {
  await db(d1).insert(favouriteGigs).values({ userId, gigId: productId });
}

/** A site configuration value (staff's settings), replacing any set before. */
export async function setConfiguration(d1: D1Database, key: string, value: typeof configurations.$inferInsert.value) {
  await db(d1)
    .insert(configurations)
    .values({ key, value })
    .onConflictDoUpdate({ target: configurations.key, set: { value } });
}

/** A pending report of one user by another. */
export async function createReport(d1: D1Database, reporterId: string, reportedUserId: string, reason = "Spam") {
  const id = newId();
  await db(d1).insert(reports).values({ id, reporterId, reportedUserId, reason });
  return { id };
}

/** A Discord or Google identity linked to a user. */
export async function linkOAuthAccount(
  d1: D1Database,
  userId: string,
  provider: "discord" | "google",
  providerUserId: string,
) {
  await db(d1).insert(oauthAccounts).values({ id: newId(), userId, provider, providerUserId });
}

/** A fan waiting in a live session's queue (regular lane unless told), at `position`. */
export async function joinQueue(
  d1: D1Database,
  liveSessionId: string,
  userId: string,
  position: number,
  lane: "regular" | "vip" = "regular",
) {
  const id = newId();
  await db(d1).insert(queueEntries).values({ id, liveSessionId, userId, lane, position, joinedAt: new Date() });
  return { id };
}
