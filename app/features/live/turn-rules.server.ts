import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { badRequest, conflict } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { liveSessions } from "~db/schema";
import { LIVE_COPY } from "./copy";
import { assertSessionStreamer } from "./entry.server";
import type { QueueChange } from "./queue.server";
import { READY_SECONDS_MAX, READY_SECONDS_MIN, VIP_MISSED_CHOICES, type VipMissed } from "./ready-check";
import { loadSession } from "./snapshot.server";
import { REJOIN_COOLDOWN_MAX, VIP_PER_REGULAR_MAX, type VipPerRegular } from "./turns";

/**
 * A session's turn rules: the order of service and the rejoin cooldown, and the ready check's countdown and what a
 * missed one does to a VIP place (ready-check.ts; left as they are when not given).
 */
export type TurnRules = {
  vipPerRegular: VipPerRegular;
  rejoinCooldown: number;
  readySeconds?: number;
  vipMissed?: VipMissed;
};

/** The streamer sets their session's turn rules (above). */
export async function setTurnRules(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  rules: TurnRules,
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, liveSessionId);
  assertSessionStreamer(viewer, session);
  if (session.endedAt) throw conflict(LIVE_COPY.sessionEnded);
  const { vipPerRegular, rejoinCooldown } = rules;
  if (
    vipPerRegular !== null &&
    !(Number.isInteger(vipPerRegular) && vipPerRegular >= 1 && vipPerRegular <= VIP_PER_REGULAR_MAX)
  ) {
    throw badRequest(LIVE_COPY.badTurnRule);
  }
  if (!(Number.isInteger(rejoinCooldown) && rejoinCooldown >= 0 && rejoinCooldown <= REJOIN_COOLDOWN_MAX)) {
    throw badRequest(LIVE_COPY.badCooldown);
  }
  const { readySeconds, vipMissed } = rules;
  if (
    readySeconds !== undefined &&
    !(Number.isInteger(readySeconds) && readySeconds >= READY_SECONDS_MIN && readySeconds <= READY_SECONDS_MAX)
  ) {
    throw badRequest(LIVE_COPY.badReadySeconds);
  }
  if (vipMissed !== undefined && !VIP_MISSED_CHOICES.includes(vipMissed)) throw badRequest(LIVE_COPY.badVipMissed);
  await db
    .update(liveSessions)
    .set({ vipPerRegular, rejoinCooldown, readySeconds, vipMissed, updatedAt: now })
    .where(eq(liveSessions.id, liveSessionId));
  return { liveSessionId, notices: [] };
}
