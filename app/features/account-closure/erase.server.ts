import { and, asc, eq, inArray, like, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { randomToken } from "~/lib/crypto";
import { mentionsAny, scrubArchives } from "~/platform/archive.server";
import { personTraces } from "~/platform/archive-index.server";
import { getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { pruneRateLimitHits } from "~/platform/rate-limit.server";
import {
  accountClosures,
  alertDeliveries,
  analyticsEvents,
  bankDetails,
  bankDetailsHistory,
  bookingGamertags,
  bookings,
  chatIdentities,
  contactSubmissions,
  credentials,
  discordPreferences,
  emailUnsubscribes,
  favouriteGames,
  favouriteGigs,
  favouriteStars,
  feedKeys,
  gigs,
  notifications,
  oauthAccounts,
  oneTimeCodes,
  orders,
  paymentEvents,
  pushSubscriptions,
  queueEntries,
  rateLimitHits,
  refreshTokens,
  reports,
  reviews,
  sessions,
  streamerSuggestions,
  userGamertags,
  users,
} from "~db/schema";
import { closureBlockers } from "./blockers.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Closures erased per run of the job (each is one batch and a few bucket deletes). */
const ERASE_BATCH = 20;

export type ErasureRun = { erased: string[]; postponed: string[]; prunedCounters: number };

/**
 * The scheduled job's step (workers/scheduled.ts, every 5 minutes): every pending closure whose 14 days are over is
 * erased, unless money became owed meanwhile (a refund still under way, say): then it waits a day more and is logged
 * for staff, who see it on /admin/account-closures. Before the erasures, archived rows naming those people leave the
 * private bucket's archive (`scrubArchives`). Ended rate-limit counters are pruned on the way.
 */
export async function eraseDueAccounts(env: Env, now = new Date()): Promise<ErasureRun> {
  const db = getDb(env);
  const due = await db
    .select({ id: accountClosures.id, userId: accountClosures.userId })
    .from(accountClosures)
    .where(and(eq(accountClosures.status, "pending"), lte(accountClosures.eraseAfter, now)))
    .orderBy(asc(accountClosures.eraseAfter))
    .limit(ERASE_BATCH);
  // Ended rate-limit windows go too: their keys name addresses and emails (kept a day at most).
  const run: ErasureRun = { erased: [], postponed: [], prunedCounters: await pruneRateLimitHits(env, now.getTime()) };
  const erasable: typeof due = [];
  for (const closure of due) {
    const blockers = await closureBlockers(db, closure.userId, now);
    if (blockers.length > 0) {
      await db
        .update(accountClosures)
        .set({ eraseAfter: new Date(now.getTime() + DAY_MS) })
        .where(and(eq(accountClosures.id, closure.id), eq(accountClosures.status, "pending")));
      log.warn("closure.postponed", { closureId: closure.id, blockers });
      run.postponed.push(closure.userId);
      continue;
    }
    erasable.push(closure);
  }
  if (erasable.length === 0) return run;
  // The archive first (old analytics events and sent messages moved to the private bucket): its rows naming these
  // people go, from the files its index says name them, in one pass for the group. Should it fail, nothing is erased
  // and the next run tries again.
  const traces = (await Promise.all(erasable.map((closure) => personTraces(db, closure.userId)))).flat();
  const people = erasable.map((closure) => closure.userId);
  await scrubArchives(env.PRIVATE_FILES, db, people, (row) => mentionsAny(row, traces));
  for (const closure of erasable) {
    if (await eraseAccount(env, closure, now)) run.erased.push(closure.userId);
  }
  return run;
}

/**
 * Erases one account's personal data in ONE batch, guarded by its closure still being pending (a sign-in at the last
 * moment wins): the user row becomes a pseudonymous shell (its random id, a `closed_` name, the billing country kept
 * for tax), sign-ins, sessions, codes, push subscriptions, gamer tags, favourites, preferences, notifications,
 * activity and contact messages are deleted, free text it wrote (review comments, report details) and gamer tags on
 * its orders are blanked, Stripe's copies of its payments lose the customer's email and name; orders, bookings, the
 * wallet ledger, refunds, invoices and payouts stay under the id. Then its picture (and a streamer's bank statement
 * and agreement) leave the buckets. docs/domain.md "Your data and your account" lists what is kept and why.
 */
async function eraseAccount(env: Env, closure: { id: string; userId: string }, now: Date): Promise<boolean> {
  const db = getDb(env);
  const { userId } = closure;
  const user = await db
    .select({ email: users.email, pictureKey: users.pictureKey })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) return false;
  const files = await db
    .select({ statementKey: bankDetailsHistory.statementKey, agreementKey: bankDetailsHistory.agreementKey })
    .from(bankDetailsHistory)
    .where(eq(bankDetailsHistory.userId, userId))
    .union(
      db
        .select({ statementKey: bankDetails.statementKey, agreementKey: bankDetails.agreementKey })
        .from(bankDetails)
        .where(eq(bankDetails.userId, userId)),
    );
  const email = user.email;
  const ownBookings = sql`(SELECT ${bookings.id} FROM ${bookings} WHERE ${bookings.userId} = ${userId})`;
  const ownOrders = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.userId} = ${userId})`;
  const pseudonym = `closed_${randomToken()
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 16)
    .toLowerCase()}`;
  const statements = [
    // First: the closure, so every statement after it runs only when this batch erased it.
    db
      .update(accountClosures)
      .set({ status: "erased", erasedAt: now })
      .where(and(eq(accountClosures.id, closure.id), eq(accountClosures.status, "pending")))
      .returning({ id: accountClosures.id }),
    db
      .update(users)
      .set({
        username: pseudonym,
        fullName: "",
        email: null,
        emailVerifiedAt: null,
        bio: null,
        socialLinks: {},
        pictureKey: null,
        pictureUrl: null,
        lastIp: null,
        timeZone: null,
        isActive: false,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), erased(closure.id))),
    ...OWN_ROWS.map(({ table, userId: column }) => db.delete(table).where(and(eq(column, userId), erased(closure.id)))),
    db
      .delete(oneTimeCodes)
      .where(
        and(or(eq(oneTimeCodes.userId, userId), email ? eq(oneTimeCodes.email, email) : undefined), erased(closure.id)),
      ),
    db
      .delete(contactSubmissions)
      .where(
        and(
          or(eq(contactSubmissions.userId, userId), email ? eq(contactSubmissions.email, email) : undefined),
          erased(closure.id),
        ),
      ),
    ...(email
      ? [
          db.delete(emailUnsubscribes).where(and(eq(emailUnsubscribes.email, email), erased(closure.id))),
          db.delete(rateLimitHits).where(and(like(rateLimitHits.key, `%${email}%`), erased(closure.id))),
        ]
      : []),
    db.delete(rateLimitHits).where(and(like(rateLimitHits.key, `%${userId}%`), erased(closure.id))),
    db
      .update(streamerSuggestions)
      .set({ userId: null })
      .where(and(eq(streamerSuggestions.userId, userId), erased(closure.id))),
    db
      .update(reviews)
      .set({ comment: null })
      .where(and(eq(reviews.userId, userId), erased(closure.id))),
    db
      .update(reports)
      .set({ details: null })
      .where(and(eq(reports.reporterId, userId), erased(closure.id))),
    db
      .update(orders)
      .set({ gamertag: null })
      .where(and(eq(orders.userId, userId), erased(closure.id))),
    db
      .update(queueEntries)
      .set({ gamertag: null })
      .where(and(eq(queueEntries.userId, userId), erased(closure.id))),
    db
      .update(bookingGamertags)
      .set({ gamertag: "-" })
      .where(and(inArray(bookingGamertags.bookingId, ownBookings), erased(closure.id))),
    db
      .update(paymentEvents)
      .set({
        payload: sql`json_remove(${paymentEvents.payload}, '$.data.object.customer_email', '$.data.object.customer_details')`,
      })
      .where(and(inArray(paymentEvents.orderId, ownOrders), erased(closure.id))),
    // A streamer's: bank details (the payouts keep their own figures), gigs taken off the catalogue.
    db.delete(bankDetailsHistory).where(and(eq(bankDetailsHistory.userId, userId), erased(closure.id))),
    db.delete(bankDetails).where(and(eq(bankDetails.userId, userId), erased(closure.id))),
    db
      .update(gigs)
      .set({ archivedAt: now })
      .where(and(eq(gigs.streamerId, userId), sql`${gigs.archivedAt} IS NULL`, erased(closure.id))),
  ];
  const [won] = await db.batch(statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  if ((won as unknown[]).length === 0) return false;
  const deletions: Promise<unknown>[] = [];
  if (user.pictureKey) deletions.push(env.MEDIA.delete(user.pictureKey));
  for (const file of files) deletions.push(env.PRIVATE_FILES.delete([file.statementKey, file.agreementKey]));
  await Promise.all(deletions);
  log.info("closure.erased", { closureId: closure.id });
  return true;
}

/** The tables whose rows of the person are deleted whole (sign-ins, devices, tags, favourites, preferences). */
const OWN_ROWS: { table: SQLiteTable; userId: SQLiteColumn }[] = [
  { table: credentials, userId: credentials.userId },
  { table: oauthAccounts, userId: oauthAccounts.userId },
  { table: sessions, userId: sessions.userId },
  { table: refreshTokens, userId: refreshTokens.userId },
  { table: pushSubscriptions, userId: pushSubscriptions.userId },
  { table: alertDeliveries, userId: alertDeliveries.userId },
  { table: userGamertags, userId: userGamertags.userId },
  { table: favouriteGigs, userId: favouriteGigs.userId },
  { table: favouriteStars, userId: favouriteStars.userId },
  { table: favouriteGames, userId: favouriteGames.userId },
  { table: discordPreferences, userId: discordPreferences.userId },
  { table: feedKeys, userId: feedKeys.userId },
  { table: notifications, userId: notifications.userId },
  { table: analyticsEvents, userId: analyticsEvents.userId as SQLiteColumn },
  // A linked Twitch or Discord identity (its chat name and platform id): the account-less places stay with it no more.
  { table: chatIdentities, userId: chatIdentities.userId as SQLiteColumn },
];

/** True in the batch once its first statement marked this closure erased (the statements after it run only then). */
function erased(closureId: string) {
  return sql`EXISTS (SELECT 1 FROM ${accountClosures} WHERE ${accountClosures.id} = ${closureId} AND ${accountClosures.status} = 'erased')`;
}
