import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness } from "~/features/access";
import { assertGameChoice, priceAsSet, storeCover } from "~/features/gigs/index.server";
import { deliverMessages } from "~/features/messages/index.server";
import { announceToFans } from "~/features/notifications/index.server";
import { passPaidOrderIds } from "~/features/passes/index.server";
import { endOpenCheckouts } from "~/features/payments/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, type Db, getDb, isConstraintViolation, named } from "~/platform/db.server";
import { outboxSelectStatement } from "~/platform/outbox.server";
import { gameModes, games, liveSessions, liveSessionTags, orders, platforms, queueEntries, users } from "~db/schema";
import { LIVE_COPY } from "./copy";
import { assertSessionStreamer } from "./entry.server";
import type { QueueChange, QueueNotice } from "./queue.server";
import { queueEventsStatement } from "./queue-events.server";
import type { GoLiveInput } from "./schema";
import { loadSession } from "./snapshot.server";
import { normaliseStreamingLink } from "./streaming-link";
import { VIP_REFUNDED_TEMPLATE } from "./vip-messages.server";
import { endVipPlaces, settleVipRefunds } from "./vip-refunds.server";

/**
 * Going live, changing the session, ending it (docs/domain.md "Queue place"). One open session per
 * streamer: the partial UNIQUE index on live_sessions decides, in the same batch that points the user at it.
 */

function streamingLinkOf(input: { isStreaming: boolean; streamingLink: string }, parentHosts: readonly string[]) {
  if (!input.isStreaming) return null;
  if (!input.streamingLink) throw badRequest(LIVE_COPY.invalidLink, "streamingLink");
  const result = normaliseStreamingLink(input.streamingLink, parentHosts);
  if (!result.ok) throw badRequest(result.message, "streamingLink");
  return result.link;
}

export async function goLive(
  env: Env,
  viewer: Viewer,
  input: GoLiveInput,
  options: { parentHosts: readonly string[]; banner?: File | null; now?: Date },
): Promise<{ id: string }> {
  assertManageBusiness(viewer, viewer.id);
  const link = streamingLinkOf(input, options.parentHosts);
  await assertGameChoice(env, input);
  const price = await priceAsSet(env, viewer, input.price);
  const banner = options.banner ? await storeCover(env, options.banner) : null;
  const db = getDb(env);
  const id = newId();
  const now = options.now ?? new Date();
  try {
    await db.batch([
      db.insert(liveSessions).values({
        id,
        streamerId: viewer.id,
        title: input.title,
        description: input.description,
        gameId: input._game_id,
        gameModeId: input._game_mode_id,
        platformId: input._platform_playing_on_id,
        ...price,
        isStreaming: link !== null,
        streamingLink: link,
        requirements: input.requirements,
        bannerKey: banner?.key ?? null,
        bannerUrl: banner?.url ?? null,
        thumbnailUrl: input.defaultThumbnail || null,
        startedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      ...input.session_tags.map((tag) => db.insert(liveSessionTags).values({ liveSessionId: id, tag })),
      db.update(users).set({ liveSessionId: id, updatedAt: now }).where(eq(users.id, viewer.id)),
      // "Live now" lists on public pages change (docs/decisions/012).
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    if (isConstraintViolation(error)) throw conflict(LIVE_COPY.alreadyLive);
    throw error;
  }
  await announceToFans(env, { kind: "live", influencerId: viewer.id, liveSessionId: id });
  return { id };
}

export async function updateStreamingLink(
  env: Env,
  viewer: Viewer,
  input: { liveSessionId: string; isStreaming: boolean; streamingLink: string },
  parentHosts: readonly string[],
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, input.liveSessionId);
  assertSessionStreamer(viewer, session);
  if (session.endedAt) throw conflict(LIVE_COPY.sessionEnded);
  const link = streamingLinkOf(input, parentHosts);
  await db
    .update(liveSessions)
    .set({ isStreaming: link !== null, streamingLink: link, updatedAt: new Date() })
    .where(eq(liveSessions.id, input.liveSessionId));
  return { liveSessionId: input.liveSessionId, notices: [] };
}

export async function updateLiveDetails(
  env: Env,
  viewer: Viewer,
  input: {
    liveSessionId: string;
    title: string;
    description: string;
    requirements: { key: string; value: string }[];
    session_tags: string[];
  },
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, input.liveSessionId);
  assertSessionStreamer(viewer, session);
  if (session.endedAt) throw conflict(LIVE_COPY.sessionEnded);
  await db.batch([
    db
      .update(liveSessions)
      .set({
        title: input.title,
        description: input.description,
        requirements: input.requirements,
        updatedAt: new Date(),
      })
      .where(eq(liveSessions.id, input.liveSessionId)),
    db.delete(liveSessionTags).where(eq(liveSessionTags.liveSessionId, input.liveSessionId)),
    ...input.session_tags.map((tag) => db.insert(liveSessionTags).values({ liveSessionId: input.liveSessionId, tag })),
    catalogueChangedStatement(db),
  ]);
  return { liveSessionId: input.liveSessionId, notices: [] };
}

export type EndOutcome = QueueChange & { refunded: number };

/**
 * Ends the session in ONE batch, with an outcome for every fan still in it (docs/domain.md "Session end"): closes
 * it (no more joins) and frees the streamer to go live again; regular fans waiting or called end "not reached"; every
 * VIP place waiting or called ends as "session_ended" (vip-refunds.server.ts: owed its full refund, a `pending` refund
 * row) with a notification in the outbox, so a committed end never loses a refund; fans in game have played (a VIP
 * place served). No ready check is left counting down. Each outcome is a step of the session's history. The refunds
 * are then carried out at once (retried by the JOBS queue and the cron if that fails). End Session sent twice ends,
 * owes and tells once.
 */
export async function endLiveSession(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  now = new Date(),
): Promise<EndOutcome> {
  const db = getDb(env);
  const session = await loadSession(db, liveSessionId);
  assertSessionStreamer(viewer, session);
  const inSession = sql`${col(queueEntries.liveSessionId)} = ${liveSessionId}`;
  const unserved = endVipPlaces(db, "session_ended", "session_ended", { places: inSession, createdBy: null, now });
  const served = endVipPlaces(db, "session_ended", "served", { places: inSession, createdBy: null, now });
  /** The places of this session that this end finished in `state`: their steps of the history. */
  const endedAs = (state: string) =>
    sql`q.live_session_id = ${liveSessionId} AND q.state = ${state} AND q.finished_at = ${now.getTime()}`;
  const ended = { cause: "session_ended" as const, at: now };
  const results = await db.batch([
    db
      .update(liveSessions)
      .set({ endedAt: now, updatedAt: now })
      .where(and(eq(liveSessions.id, liveSessionId), sql`${liveSessions.endedAt} IS NULL`)),
    db
      .update(users)
      .set({ liveSessionId: null, updatedAt: now })
      .where(and(eq(users.id, session.streamerId), eq(users.liveSessionId, liveSessionId))),
    db
      .update(queueEntries)
      .set({ state: "removed", finishedAt: now, readyDeadline: null, updatedAt: now })
      .where(
        and(
          eq(queueEntries.liveSessionId, liveSessionId),
          eq(queueEntries.lane, "regular"),
          inArray(queueEntries.state, ["waiting", "playing_next"]),
        ),
      )
      .returning({ userId: queueEntries.userId }),
    unserved.change,
    db
      .update(queueEntries)
      .set({ state: "done", finishedAt: now, readyDeadline: null, updatedAt: now })
      .where(
        and(
          eq(queueEntries.liveSessionId, liveSessionId),
          eq(queueEntries.lane, "regular"),
          eq(queueEntries.state, "in_game"),
        ),
      )
      .returning({ userId: queueEntries.userId }),
    served.change,
    queueEventsStatement(db, { kind: "removed", ...ended }, endedAs("removed")),
    queueEventsStatement(db, { kind: "refunded", ...ended }, endedAs("refunded")),
    queueEventsStatement(db, { kind: "played", ...ended }, endedAs("done")),
    ...unserved.refund,
    // No countdown is left on a place this end finished (the VIP refund above found them by their state first).
    db
      .update(queueEntries)
      .set({ readyDeadline: null })
      .where(
        and(
          eq(queueEntries.liveSessionId, liveSessionId),
          eq(queueEntries.finishedAt, now),
          sql`${queueEntries.readyDeadline} IS NOT NULL`,
        ),
      ),
    outboxSelectStatement(
      db,
      {
        channel: "notification",
        template: VIP_REFUNDED_TEMPLATE,
        key: sql`${`${VIP_REFUNDED_TEMPLATE}:`} || ${col(queueEntries.id)} || ':notification'`,
        params: sql`json_object('entryId', ${col(queueEntries.id)})`,
        table: queueEntries,
        where: unserved.endedNow,
      },
      now,
    ),
    catalogueChangedStatement(db),
  ]);
  type Ended = { userId: string }[];
  const notReached = results[2] as Ended;
  const refundedEntries = results[3] as { id: string; userId: string; orderId: string | null }[];
  const played = [...(results[4] as Ended), ...(results[5] as Ended)];
  await settleVipRefunds(
    env,
    refundedEntries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])),
    now,
  );
  await deliverMessages(
    env,
    refundedEntries.map((entry) => `${VIP_REFUNDED_TEMPLATE}:${entry.id}:notification`),
    now,
  );
  // VIP card checkouts still open can no longer take a place: expired now (one paid meanwhile goes back to its card).
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.liveSessionId, liveSessionId),
        eq(orders.kind, "vip_queue"),
        eq(orders.status, "pending_payment"),
        sql`${orders.checkoutSessionId} IS NOT NULL`,
      ),
    );
  await endOpenCheckouts(
    env,
    open.map((order) => order.id),
  );
  const byPass = await passPaidOrderIds(
    db,
    refundedEntries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])),
  );
  const refundedNotice = (orderId: string | null) =>
    orderId && byPass.has(orderId) ? LIVE_COPY.vipPassReturned(session.title) : LIVE_COPY.vipRefunded(session.title);
  const notices: QueueNotice[] = [
    ...notReached.map((entry) => ({ userId: entry.userId, message: LIVE_COPY.endedBeforeTurn })),
    ...refundedEntries.map((entry) => ({ userId: entry.userId, message: refundedNotice(entry.orderId) })),
    ...played.map((entry) => ({ userId: entry.userId, message: LIVE_COPY.youPlayed })),
  ];
  return { liveSessionId, notices, refunded: refundedEntries.length };
}

/** A live session as the live page, the dashboard and the API show it. */
function liveSessionViewQuery(db: Db, liveSessionId: string) {
  return db
    .select(
      named({
        id: liveSessions.id,
        streamerId: liveSessions.streamerId,
        streamerName: users.fullName,
        streamerUsername: users.username,
        title: liveSessions.title,
        description: liveSessions.description,
        gameId: liveSessions.gameId,
        gameName: games.name,
        gameModeId: liveSessions.gameModeId,
        modeName: gameModes.name,
        durationMinutes: gameModes.durationMinutes,
        playersPerGame: gameModes.noOfPlayers,
        platformId: liveSessions.platformId,
        platformName: platforms.platformName,
        listPriceMinor: liveSessions.listPriceMinor,
        baseCurrency: liveSessions.baseCurrency,
        isStreaming: liveSessions.isStreaming,
        streamingLink: liveSessions.streamingLink,
        requirements: liveSessions.requirements,
        bannerUrl: liveSessions.bannerUrl,
        thumbnailUrl: liveSessions.thumbnailUrl,
        startedAt: liveSessions.startedAt,
        endedAt: liveSessions.endedAt,
        tags: sql<
          string | null
        >`(SELECT group_concat(t.tag, char(31)) FROM live_session_tags t WHERE t.live_session_id = ${liveSessions.id})`,
      }),
    )
    .from(liveSessions)
    .innerJoin(users, eq(users.id, liveSessions.streamerId))
    .innerJoin(games, eq(games.id, liveSessions.gameId))
    .innerJoin(gameModes, eq(gameModes.id, liveSessions.gameModeId))
    .innerJoin(platforms, eq(platforms.id, liveSessions.platformId))
    .where(eq(liveSessions.id, liveSessionId))
    .limit(1);
}

export type LiveSessionView = Omit<Awaited<ReturnType<typeof liveSessionViewQuery>>[number], "tags"> & {
  tags: string[];
};

function withTags<T extends { tags: string | null }>(row: T): Omit<T, "tags"> & { tags: string[] } {
  return { ...row, tags: row.tags ? row.tags.split("\u001f").sort() : [] };
}

export async function getLiveSession(env: Env, liveSessionId: string): Promise<LiveSessionView> {
  const [row] = await liveSessionViewQuery(getDb(env), liveSessionId);
  if (!row) throw notFound(LIVE_COPY.notFound);
  return withTags(row);
}

/** The streamer's sessions, newest first (GET /api/get/influencer/liveSessions). */
export async function streamerLiveSessions(env: Env, viewer: Viewer, limit = 20) {
  assertManageBusiness(viewer, viewer.id);
  return getDb(env)
    .select({
      id: liveSessions.id,
      title: liveSessions.title,
      startedAt: liveSessions.startedAt,
      endedAt: liveSessions.endedAt,
    })
    .from(liveSessions)
    .where(eq(liveSessions.streamerId, viewer.id))
    .orderBy(desc(liveSessions.startedAt))
    .limit(limit);
}
