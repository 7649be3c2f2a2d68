import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accountClosures,
  alertDeliveries,
  analyticsEvents,
  bankDetails,
  bankDetailsHistory,
  bans,
  bookingGamertags,
  bookings,
  chatIdentities,
  contactSubmissions,
  discordPreferences,
  emailUnsubscribes,
  favouriteGames,
  favouriteGigs,
  favouriteStars,
  gigs,
  liveSessions,
  moveOffers,
  notifications,
  oauthAccounts,
  orders,
  packCreditEntries,
  packOffers,
  packPurchases,
  passEntries,
  passOffers,
  passPurchases,
  payouts,
  promoCodes,
  promoRedemptions,
  pushSubscriptions,
  queueEntries,
  queueEvents,
  refunds,
  reports,
  reviewReports,
  reviews,
  sessions,
  slots,
  streamerProfiles,
  streamerSuggestions,
  userGamertags,
  users,
  waitlistEntries,
  walletEntries,
} from "~db/schema";

/** Whose rows a section holds: the person's id and, for the rows kept by address, their email. */
export type Owner = { userId: string; email: string | null };

/**
 * One part of a person's data export: a table's rows that are theirs, every column except those listed in `omit`
 * (credentials: a session's id is its cookie, a push subscription's keys decrypt its messages; and other people's
 * ids: the staff member who validated an order or hid a review).
 */
export type ExportSection = {
  /** The key in the export's JSON. */
  name: string;
  table: SQLiteTable;
  owned: (owner: Owner) => SQL | undefined;
  omit?: readonly string[];
};

/** The staff member who made a payout: their id, not the streamer's data. */
const PAYOUT_STAFF = ["createdBy"];

const ofOwnOrders = (owner: Owner) =>
  sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.userId} = ${owner.userId})`;
const ofOwnBookings = (owner: Owner) =>
  sql`(SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.userId} = ${owner.userId})`;

/**
 * What a data export holds (GDPR articles 15 and 20, India's DPDP Act, California's CCPA), in its order: the profile
 * and how one signs in, then money (orders, refunds, wallet and credit entries, promo codes used), bookings, reviews,
 * queue history, waitlists, notifications and consents (alerts, Discord, email unsubscriptions), activity events, and
 * for a streamer their profile, bank details and business (gigs, slots, live sessions, promo codes, payouts). Not
 * held: NOT_EXPORTED below, rate-limit counters and logs.
 */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  { name: "profile", table: users, owned: (o) => eq(users.id, o.userId) },
  { name: "streamerProfile", table: streamerProfiles, owned: (o) => eq(streamerProfiles.userId, o.userId) },
  { name: "bankDetails", table: bankDetails, owned: (o) => eq(bankDetails.userId, o.userId), omit: ["verifiedBy"] },
  {
    name: "bankDetailsHistory",
    table: bankDetailsHistory,
    owned: (o) => eq(bankDetailsHistory.userId, o.userId),
  },
  { name: "gamerTags", table: userGamertags, owned: (o) => eq(userGamertags.userId, o.userId) },
  { name: "linkedAccounts", table: oauthAccounts, owned: (o) => eq(oauthAccounts.userId, o.userId) },
  { name: "sessions", table: sessions, owned: (o) => eq(sessions.userId, o.userId), omit: ["id"] },
  { name: "orders", table: orders, owned: (o) => eq(orders.userId, o.userId), omit: ["validatedBy"] },
  { name: "refunds", table: refunds, owned: (o) => inArray(refunds.orderId, ofOwnOrders(o)), omit: ["createdBy"] },
  {
    name: "walletEntries",
    table: walletEntries,
    owned: (o) => eq(walletEntries.userId, o.userId),
    omit: ["createdBy"],
  },
  { name: "promoCodesUsed", table: promoRedemptions, owned: (o) => eq(promoRedemptions.userId, o.userId) },
  { name: "bookings", table: bookings, owned: (o) => eq(bookings.userId, o.userId) },
  {
    name: "bookingGamerTags",
    table: bookingGamertags,
    owned: (o) => inArray(bookingGamertags.bookingId, ofOwnBookings(o)),
  },
  { name: "moveOffers", table: moveOffers, owned: (o) => eq(moveOffers.userId, o.userId) },
  { name: "waitlist", table: waitlistEntries, owned: (o) => eq(waitlistEntries.userId, o.userId) },
  { name: "reviews", table: reviews, owned: (o) => eq(reviews.userId, o.userId), omit: ["hiddenBy"] },
  {
    name: "reviewReports",
    table: reviewReports,
    owned: (o) => eq(reviewReports.reporterId, o.userId),
    omit: ["resolvedBy"],
  },
  { name: "queuePlaces", table: queueEntries, owned: (o) => eq(queueEntries.userId, o.userId) },
  { name: "queueHistory", table: queueEvents, owned: (o) => eq(queueEvents.userId, o.userId) },
  { name: "notifications", table: notifications, owned: (o) => eq(notifications.userId, o.userId) },
  { name: "favouriteGigs", table: favouriteGigs, owned: (o) => eq(favouriteGigs.userId, o.userId) },
  { name: "favouriteStars", table: favouriteStars, owned: (o) => eq(favouriteStars.userId, o.userId) },
  { name: "favouriteGames", table: favouriteGames, owned: (o) => eq(favouriteGames.userId, o.userId) },
  {
    name: "alertSubscriptions",
    table: pushSubscriptions,
    owned: (o) => eq(pushSubscriptions.userId, o.userId),
    omit: ["p256dh", "auth"],
  },
  { name: "alertsSent", table: alertDeliveries, owned: (o) => eq(alertDeliveries.userId, o.userId) },
  { name: "discordPreferences", table: discordPreferences, owned: (o) => eq(discordPreferences.userId, o.userId) },
  {
    name: "emailUnsubscriptions",
    table: emailUnsubscribes,
    owned: (o) => (o.email ? eq(emailUnsubscribes.email, o.email) : sql`0`),
  },
  { name: "reportsMade", table: reports, owned: (o) => eq(reports.reporterId, o.userId), omit: ["reviewedBy"] },
  { name: "bans", table: bans, owned: (o) => eq(bans.userId, o.userId), omit: ["bannedBy", "unbannedBy"] },
  {
    name: "contactMessages",
    table: contactSubmissions,
    owned: (o) => eq(contactSubmissions.userId, o.userId),
    omit: ["handledBy"],
  },
  { name: "starSuggestions", table: streamerSuggestions, owned: (o) => eq(streamerSuggestions.userId, o.userId) },
  { name: "activity", table: analyticsEvents, owned: (o) => eq(analyticsEvents.userId, o.userId) },
  { name: "sessionPacks", table: packPurchases, owned: (o) => eq(packPurchases.userId, o.userId) },
  { name: "packCredits", table: packCreditEntries, owned: (o) => eq(packCreditEntries.userId, o.userId) },
  { name: "vipPasses", table: passPurchases, owned: (o) => eq(passPurchases.userId, o.userId) },
  { name: "vipPassUses", table: passEntries, owned: (o) => eq(passEntries.userId, o.userId) },
  { name: "chatAccounts", table: chatIdentities, owned: (o) => eq(chatIdentities.userId, o.userId) },
  { name: "accountClosures", table: accountClosures, owned: (o) => eq(accountClosures.userId, o.userId) },
  // A streamer's business: their gigs, slots, live sessions, promo codes and payouts.
  { name: "streamerGigs", table: gigs, owned: (o) => eq(gigs.streamerId, o.userId) },
  { name: "streamerSlots", table: slots, owned: (o) => eq(slots.streamerId, o.userId) },
  { name: "streamerLiveSessions", table: liveSessions, owned: (o) => eq(liveSessions.streamerId, o.userId) },
  {
    name: "streamerPromoCodes",
    table: promoCodes,
    owned: (o) => eq(promoCodes.streamerId, o.userId),
    omit: ["createdBy"],
  },
  { name: "streamerPayouts", table: payouts, owned: (o) => eq(payouts.streamerId, o.userId), omit: PAYOUT_STAFF },
  { name: "streamerPackOffers", table: packOffers, owned: (o) => eq(packOffers.streamerId, o.userId) },
  { name: "streamerPassOffers", table: passOffers, owned: (o) => eq(passOffers.streamerId, o.userId) },
];

/**
 * Tables holding a person's id that the export leaves out, and why: credentials (a password hash, tokens, one-time
 * codes, feed keys), and the staff audit log (staff's actions, kept for accountability). A test fails when a table
 * gains a user column and is in neither list.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  credentials: "password hash (a credential)",
  refresh_tokens: "API tokens (credentials)",
  one_time_codes: "sign-in and verification codes (credentials)",
  feed_keys: "calendar and overlay keys (credentials)",
  audit_log: "staff actions, kept for accountability",
  archive_mentions: "which archive files name the person: an index to find them for erasure, holding nothing of theirs",
};
