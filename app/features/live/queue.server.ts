import { and, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { isStaff } from "~/features/access";
import { notifyLobbyCode } from "~/features/alerts/index.server";
import { passPaidOrderIds } from "~/features/passes/index.server";
import { saveGamertagStatement } from "~/features/profile/index.server";
import { badRequest, conflict, forbidden } from "~/lib/errors";
import { newId } from "~/lib/id";
import { livePath } from "~/lib/paths.server";
import { col, compiledStatement, type Db, getDb } from "~/platform/db.server";
import { type JoinSource, liveSessions, lobbyCodes, type QueueState, queueEntries } from "~db/schema";
import { callPlace } from "./calls.server";
import { LIVE_COPY } from "./copy";
import { assertInSession, assertSessionStreamer, finish, loadEntry, loadOwnEntry } from "./entry.server";
import { sessionNetworkSql } from "./gamertags.server";
import { joinedPlaces, joinPlacesStatements } from "./join-places.server";
import { type QueueStep, queueEventStatement } from "./queue-events.server";
import {
  ACTIVE,
  type FanPlace,
  LOBBY_CODE_STATES,
  loadSession,
  placeInsert,
  type QueueSessionInfo,
} from "./snapshot.server";
import { cooldownLeft } from "./turns";
import { cooldownPassedSql, turnsSinceLast } from "./turns.server";
import { type HeldVipPlaceOutcome, isRefunded, type VipPlaceEvent } from "./vip-outcomes";
import { endVipPlaces, vipPlaceOutcome } from "./vip-refunds.server";

/**
 * The queues of a live session (docs/domain.md "Queue place"). These use cases own every queue rule,
 * including who may act: a fan acts only on their own entry, only the session's streamer serves, removes or
 * sets the lobby code. They are called by the session's Durable Object (workers/live-session.ts), which runs
 * them one at a time in arrival order and broadcasts the result; D1 is the system of record.
 * Reads of the queue (the snapshot, one fan's place) and the place INSERT are in snapshot.server.ts.
 */

/** Who is told what after a change (messageNotificationUserLiveSession). */
export type QueueNotice = { userId: string; message: string };
export type QueueChange = {
  liveSessionId: string;
  notices: QueueNotice[];
  /** A join's answer: the fan's place as the join's own batch left it (read in that batch, no round trip more). */
  place?: FanPlace | null;
};

/** The order a fan moves through while served; a move only goes forward. */
const SERVICE_STATES = ["waiting", "playing_next", "in_game", "done"] as const;
export type ServeTarget = "playing_next" | "in_game" | "done";

/** A fan may join: logged in, not staff, not the session's own streamer, and the session is open. */
export function assertMayJoin(viewer: Viewer, session: Pick<QueueSessionInfo, "streamerId" | "endedAt">): void {
  if (isStaff(viewer)) throw forbidden(LIVE_COPY.staffCannotJoin);
  if (viewer.id === session.streamerId) throw forbidden(LIVE_COPY.ownSession);
  if (session.endedAt) throw conflict(LIVE_COPY.sessionEnded);
}

/**
 * Joins the free regular lane, in ONE statement: the rules that depend on the session (open, not the fan's own)
 * are conditions of the INSERT itself, so nothing is written unless they hold; the partial UNIQUE index refuses a
 * second active place. Only a refused join reads the session, to say why. One join is a group of one
 * (`joinRegularGroup`): both take the same path.
 */
export async function joinRegular(
  env: Env,
  join: RegularJoin,
  liveSessionId: string,
  now = new Date(),
): Promise<QueueChange> {
  const [result] = await joinRegularGroup(env, [join], liveSessionId, now);
  if (!result) throw new Error("joinRegularGroup answered no result");
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/** The most joins written in one D1 batch (one transaction; D1 counts each statement as a query). */
export const JOIN_GROUP_MAX = 100;

/**
 * One fan joining the regular lane, with the gamer tag they gave (the live page asks for it; saved back to their
 * tags). Without one (the API may omit it) the place takes their saved tag for the session's platform.
 */
export type RegularJoin = { viewer: Viewer; gamertag?: string | null; source?: JoinSource };

/**
 * Regular joins of one session that arrived together, written in ONE D1 batch (group commit: the session's object
 * sends the joins that came in while its previous write was in flight). Each join keeps its own conditional
 * `INSERT ... SELECT ... ON CONFLICT DO NOTHING`, run in the given order inside the batch's transaction, so each
 * takes the next position after the ones before it (gap-free, in arrival order) and a refused join writes nothing
 * and fails nothing: it just inserts no row, and only then is the session read (once for the group) to say why.
 * Answers one settled result per viewer, in order: the change, or the AppError that join alone is refused with.
 * Should the batch fail as a whole (D1 rolls it back: nothing was written), each join is retried alone, so one
 * join's failure is never its neighbours'.
 */
export async function joinRegularGroup(
  env: Env,
  joins: readonly RegularJoin[],
  liveSessionId: string,
  now = new Date(),
): Promise<PromiseSettledResult<QueueChange>[]> {
  if (joins.length > JOIN_GROUP_MAX) throw new Error(`At most ${JOIN_GROUP_MAX} joins in one group`);
  const results: PromiseSettledResult<QueueChange>[] = joins.map(({ viewer }) =>
    isStaff(viewer)
      ? { status: "rejected", reason: forbidden(LIVE_COPY.staffCannotJoin) }
      : { status: "fulfilled", value: { liveSessionId, notices: [] } },
  );
  const admitted = joins.flatMap((join, index) => (results[index]?.status === "fulfilled" ? [{ ...join, index }] : []));
  if (admitted.length === 0) return results;
  const at = now.getTime();
  const inserts = admitted.map(({ viewer, gamertag, source }) =>
    joinStatement(env.DB, {
      id: newId(),
      userId: viewer.id,
      liveSessionId,
      at,
      gamertag: gamertag?.trim() || null,
      source: source ?? "web",
    }),
  );
  // A tag the fan gave is saved back to their tags (after the inserts: their statement indexes stay the joins').
  const saves = admitted.flatMap(({ viewer, gamertag }) =>
    gamertag?.trim()
      ? [saveTagStatement(env.DB, { id: newId(), userId: viewer.id, tag: gamertag, liveSessionId, at })]
      : [],
  );
  const db = getDb(env);
  let written: D1Result[];
  try {
    // The inserts in arrival order, then the tags saved back, then the reads of the places they made.
    written = await env.DB.batch([...inserts, ...saves, ...joinPlacesStatements(env.DB, liveSessionId)]);
  } catch (error) {
    if (admitted.length === 1) throw error;
    for (const { index, ...join } of admitted) {
      const [alone] = await joinRegularGroup(env, [join], liveSessionId, now).catch(
        (reason: unknown): PromiseSettledResult<QueueChange>[] => [{ status: "rejected", reason }],
      );
      if (alone) results[index] = alone;
    }
    return results;
  }
  // The queue as the batch left it (the session's object is its only writer): each place in order of service.
  const joined = new Set(admitted.map(({ viewer }) => viewer.id));
  const placesAfter = joinedPlaces(written.slice(inserts.length + saves.length), joined) ?? (() => null);
  let session: Promise<QueueSessionInfo> | undefined;
  for (const [k, { viewer, index }] of admitted.entries()) {
    if ((written[k]?.results.length ?? 0) > 0) {
      results[index] = {
        status: "fulfilled",
        value: { liveSessionId, notices: [], place: placesAfter(viewer.id) },
      };
      continue;
    }
    session ??= loadSession(db, liveSessionId);
    results[index] = { status: "rejected", reason: await refusalOf(db, viewer, session) };
  }
  return results;
}

/**
 * One regular join's INSERT (values: id, userId, liveSessionId, at, gamertag or null, source), its SQL built once per
 * isolate: a join group runs it once per fan, and building it with Drizzle each time was most of the object's CPU
 * per join.
 */
const joinStatement = compiledStatement((db) => {
  const userId = sql.placeholder("userId");
  return placeInsert(
    db,
    {
      id: sql.placeholder("id"),
      liveSessionId: sql.placeholder("liveSessionId"),
      userId,
      lane: "regular",
      orderId: null,
      at: sql.placeholder("at"),
      gamertag: sql.placeholder("gamertag"),
      source: sql.placeholder("source"),
    },
    sql`${liveSessions.streamerId} <> ${userId}`,
    cooldownPassedSql(userId),
  )
    .onConflictDoNothing()
    .returning({ id: queueEntries.id });
});

/** A tag given when joining, saved back to the fan's tags under the session's network (values: id, userId, tag, liveSessionId, at). */
const saveTagStatement = compiledStatement((db) =>
  saveGamertagStatement(db, {
    id: sql.placeholder("id"),
    userId: sql.placeholder("userId"),
    tag: sql.placeholder("tag"),
    network: sessionNetworkSql(sql.placeholder("liveSessionId")),
    at: sql.placeholder("at"),
  }),
);

/** Why a join inserted no row: the session is missing, ended or the fan's own, the fan's cooldown has not passed, else the fan already has a place. */
async function refusalOf(db: Db, viewer: Viewer, session: Promise<QueueSessionInfo>): Promise<unknown> {
  try {
    const info = await session;
    assertMayJoin(viewer, info);
    const left = cooldownLeft({
      cooldown: info.rejoinCooldown,
      turnsSinceLast: await turnsSinceLast(db, info.id, viewer.id),
    });
    return left > 0 ? conflict(LIVE_COPY.rejoinCooldown(left)) : conflict(LIVE_COPY.alreadyQueued);
  } catch (error) {
    return error;
  }
}

/**
 * A fan leaves: their own active entry only. A VIP fan who leaves gives the place up (vip-refunds.server.ts: "left").
 */
export async function leaveQueue(
  env: Env,
  viewer: Viewer,
  entryId: string,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadOwnEntry(db, viewer, entryId, liveSessionId);
  const left: QueueStep = { kind: "left", at: now };
  const changed =
    entry.lane === "vip"
      ? await endVipPlace(db, entry, "fan_left", "left", viewer.id, now, left)
      : (await db.batch([finish(db, entryId, ACTIVE, "left", now), queueEventStatement(db, { entryId, ...left })]))[0];
  if (changed.length === 0) throw conflict(LIVE_COPY.entryNotActive);
  return { liveSessionId: entry.liveSessionId, notices: [] };
}

/**
 * Ends one VIP place as vip-refunds.server.ts's table says for `outcome`, its refund (if any) carried out in the same
 * batch, with the step of the session's history it makes. Returns the place when this call ended it.
 */
async function endVipPlace(
  db: Db,
  entry: { id: string },
  event: VipPlaceEvent,
  outcome: HeldVipPlaceOutcome,
  createdBy: string | null,
  now: Date,
  step: QueueStep,
) {
  const end = endVipPlaces(db, event, outcome, {
    places: sql`${col(queueEntries.id)} = ${entry.id}`,
    createdBy,
    now,
    refundId: newId(),
  });
  const [changed] = await db.batch([
    end.change,
    queueEventStatement(db, { entryId: entry.id, ...step }),
    ...end.refund,
  ]);
  return changed;
}

const SERVE_NOTICE: Record<ServeTarget, string> = {
  playing_next: LIVE_COPY.youArePlayingNext,
  in_game: LIVE_COPY.youAreInGame,
  done: LIVE_COPY.youAreDone,
};

/**
 * The streamer moves a fan forward: waiting -> playing next -> in game -> done (a step may be skipped). Calling a fan
 * (to playing next) starts their ready check and alerts them (calls.server.ts); calling a fan already called is the
 * same ready check, not a second one.
 */
export async function moveEntry(
  env: Env,
  viewer: Viewer,
  entryId: string,
  to: ServeTarget,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  assertSessionStreamer(viewer, entry);
  if (to === "playing_next" && entry.state === "playing_next")
    return { liveSessionId: entry.liveSessionId, notices: [] };
  const target = SERVICE_STATES.indexOf(to);
  const from = SERVICE_STATES.filter((state, index) => index < target && (ACTIVE as string[]).includes(state));
  if (!from.includes(entry.state as (typeof from)[number])) throw conflict(LIVE_COPY.badTransition);
  if (to === "playing_next") {
    const streamerName = viewer.fullName || viewer.username;
    if (!(await callPlace(env, entry, { from, party: false, streamerName, now })))
      throw conflict(LIVE_COPY.entryNotActive);
    return { liveSessionId: entry.liveSessionId, notices: [{ userId: entry.userId, message: SERVE_NOTICE[to] }] };
  }
  const changed =
    to === "done" && entry.lane === "vip"
      ? await endVipPlace(db, entry, "streamer_done", "served", viewer.id, now, { kind: "played", at: now })
      : (await db.batch([finish(db, entryId, from, to, now), ...playedStep(db, entryId, to, now)]))[0];
  if (changed.length === 0) throw conflict(LIVE_COPY.entryNotActive);
  return { liveSessionId: entry.liveSessionId, notices: [{ userId: entry.userId, message: SERVE_NOTICE[to] }] };
}

/** A turn served to done is "played" in the session's history. */
function playedStep(db: Db, entryId: string, to: ServeTarget, now: Date) {
  return to === "done" ? [queueEventStatement(db, { entryId, kind: "played", at: now })] : [];
}

/**
 * The streamer removes a fan. A VIP place ends as removed (still waiting) or as a no-show (called but absent), each
 * refunded as vip-refunds.server.ts's table says, in the same batch.
 */
export async function removeEntry(
  env: Env,
  viewer: Viewer,
  entryId: string,
  liveSessionId?: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const entry = await loadEntry(db, entryId);
  assertInSession(entry, liveSessionId);
  assertSessionStreamer(viewer, entry);
  if (!(ACTIVE as readonly QueueState[]).includes(entry.state)) throw conflict(LIVE_COPY.entryNotActive);
  const notices: QueueNotice[] = [{ userId: entry.userId, message: LIVE_COPY.youWereRemoved }];
  if (entry.lane === "regular" || !entry.orderId) {
    const [changed] = await db.batch([
      finish(db, entryId, ACTIVE, "removed", now),
      queueEventStatement(db, { entryId, kind: "removed", cause: "streamer", at: now }),
    ]);
    if (changed.length === 0) throw conflict(LIVE_COPY.entryNotActive);
    return { liveSessionId: entry.liveSessionId, notices };
  }
  // The table's outcome of the removal: a no-show once the fan was called, else a removal (vip-outcomes.ts).
  const outcome = vipPlaceOutcome("streamer_removed", entry);
  if (!outcome) throw conflict(LIVE_COPY.entryNotActive);
  const step: QueueStep = { kind: isRefunded(outcome) ? "refunded" : "removed", cause: "streamer", at: now };
  const changed = await endVipPlace(db, entry, "streamer_removed", outcome, viewer.id, now, step);
  if (changed.length === 0) throw conflict(LIVE_COPY.entryNotActive);
  return {
    liveSessionId: entry.liveSessionId,
    notices: isRefunded(outcome)
      ? [
          ...notices,
          {
            userId: entry.userId,
            message: (await passPaidOrderIds(db, [entry.orderId])).has(entry.orderId)
              ? LIVE_COPY.vipPassReturned(entry.title)
              : LIVE_COPY.vipRefunded(entry.title),
          },
        ]
      : notices,
  };
}

const LOBBY_CODE_MAX = 64;

/**
 * The streamer sets (or clears, with "") the session's lobby code; only fans playing next or in game see it. A new
 * code reaches the whole called party in one step: on their page, and by push or email (alerts).
 */
export async function setLiveLobbyCode(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  code: string,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, liveSessionId);
  assertSessionStreamer(viewer, session);
  const trimmed = code.trim();
  if (trimmed.length > LOBBY_CODE_MAX) throw badRequest(`The lobby code must be at most ${LOBBY_CODE_MAX} characters`);
  if (!trimmed) {
    await db.delete(lobbyCodes).where(eq(lobbyCodes.liveSessionId, liveSessionId));
    return { liveSessionId, notices: [] };
  }
  await db
    .insert(lobbyCodes)
    .values({ id: newId(), liveSessionId, code: trimmed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: lobbyCodes.liveSessionId, set: { code: trimmed, updatedAt: now } });
  const party = await db
    .select({ id: queueEntries.id, userId: queueEntries.userId })
    .from(queueEntries)
    .where(and(eq(queueEntries.liveSessionId, liveSessionId), inArray(queueEntries.state, [...LOBBY_CODE_STATES])));
  const streamerName = viewer.fullName || viewer.username;
  for (const fan of party) {
    await notifyLobbyCode(env, fan.userId, {
      key: `lobby:${fan.id}:${now.getTime()}`,
      liveSessionId,
      streamerName,
      code: trimmed,
      url: livePath(liveSessionId),
    });
  }
  return {
    liveSessionId,
    notices: party.map((fan) => ({ userId: fan.userId, message: LIVE_COPY.lobbyCodeNotice(trimmed) })),
  };
}
