import { and, eq, sql } from "drizzle-orm";
import { hmacKey, hmacSign, hmacVerify } from "~/lib/crypto";
import { AppError, conflict } from "~/lib/errors";
import { livePath } from "~/lib/paths.server";
import { getDb, named } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { liveSessions, queueEntries, users } from "~db/schema";
import { LIVE_COPY } from "./copy";
import type { QueueChange } from "./queue.server";
import { queueEventStatement } from "./queue-events.server";

/**
 * The one-tap "I'm ready" link of a called fan's alert email (docs/domain.md "Ready check"): it names the place and
 * the deadline of THAT call, signed with a key bound to this purpose, so it works without signing in, for that
 * countdown only, once: confirming clears the deadline, so a second use (or a link of an earlier call, whose
 * deadline differs) finds nothing to confirm. Opening the link shows a page with the button; only the button's POST
 * confirms, so a mail scanner that follows links confirms nothing.
 */
const PURPOSE = "noobrd ready link v1";

export type ReadyLink = { liveSessionId: string; entryId: string; deadline: number; sig: string };

async function key(env: Env) {
  return hmacKey(PURPOSE, sessionSecret(env));
}

const signed = (link: Omit<ReadyLink, "sig">) => `${link.liveSessionId}|${link.entryId}|${link.deadline}`;

/** The path of a call's link (the alert email puts the site's origin before it). */
export async function readyLinkPath(env: Env, link: Omit<ReadyLink, "sig">): Promise<string> {
  const sig = await hmacSign(await key(env), signed(link));
  const query = new URLSearchParams({ e: link.entryId, d: String(link.deadline), sig });
  return `${livePath(link.liveSessionId, "ready")}?${query}`;
}

/** The link's parts from the page's address and form (null when any is missing or malformed). */
export function readyLinkOf(liveSessionId: string, values: URLSearchParams | FormData): ReadyLink | null {
  const entryId = String(values.get("e") ?? "");
  const deadline = Number(values.get("d") ?? "");
  const sig = String(values.get("sig") ?? "");
  if (!entryId || !sig || !Number.isSafeInteger(deadline)) return null;
  return { liveSessionId, entryId, deadline, sig };
}

async function assertSigned(env: Env, link: ReadyLink | null): Promise<ReadyLink> {
  if (!link || !(await hmacVerify(await key(env), signed(link), link.sig)))
    throw new AppError(403, LIVE_COPY.readyLinkInvalid);
  return link;
}

/** What the link's page shows: the call still counting down (with its deadline), already confirmed, or over. */
export type ReadyLinkState = {
  state: "pending" | "confirmed" | "over";
  deadline: number;
  title: string;
  streamerName: string;
};

export async function readyLinkState(env: Env, link: ReadyLink | null, now = new Date()): Promise<ReadyLinkState> {
  const { entryId, liveSessionId, deadline } = await assertSigned(env, link);
  const row = await getDb(env)
    .select(
      named({
        state: queueEntries.state,
        readyDeadline: queueEntries.readyDeadline,
        readyConfirmedAt: queueEntries.readyConfirmedAt,
        title: liveSessions.title,
        streamerName: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
      }),
    )
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .innerJoin(users, eq(users.id, liveSessions.streamerId))
    .where(and(eq(queueEntries.id, entryId), eq(queueEntries.liveSessionId, liveSessionId)))
    .get();
  if (!row) throw new AppError(403, LIVE_COPY.readyLinkInvalid);
  const pending = row.state === "playing_next" && row.readyDeadline?.getTime() === deadline && deadline > now.getTime();
  const confirmed = !pending && row.readyConfirmedAt !== null && row.readyConfirmedAt.getTime() <= deadline;
  return {
    state: pending ? "pending" : confirmed && row.state !== "waiting" ? "confirmed" : "over",
    deadline,
    title: row.title,
    streamerName: row.streamerName,
  };
}

/**
 * The fan confirms by the link: the place's ready check of that call (the same deadline) must still be running.
 * Run by the session's object like every other ready-check change.
 */
export async function confirmReadyByLink(env: Env, link: ReadyLink | null, now = new Date()): Promise<QueueChange> {
  const { entryId, liveSessionId, deadline } = await assertSigned(env, link);
  const db = getDb(env);
  const [changed] = await db.batch([
    db
      .update(queueEntries)
      .set({ readyDeadline: null, readyConfirmedAt: now, updatedAt: now })
      .where(
        and(
          eq(queueEntries.id, entryId),
          eq(queueEntries.liveSessionId, liveSessionId),
          eq(queueEntries.state, "playing_next"),
          eq(queueEntries.readyDeadline, new Date(deadline)),
          sql`${queueEntries.readyDeadline} > ${now.getTime()}`,
        ),
      )
      .returning({ userId: queueEntries.userId }),
    queueEventStatement(db, { entryId, kind: "confirmed", at: now }),
  ]);
  const place = changed[0];
  if (!place) throw conflict(LIVE_COPY.readyLinkUsed);
  return { liveSessionId, notices: [{ userId: place.userId, message: LIVE_COPY.readyConfirmed }] };
}
