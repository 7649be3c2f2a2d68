import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { badRequest, conflict } from "~/lib/errors";
import { getDb } from "~/platform/db.server";
import { liveSessions } from "~db/schema";
import { LIVE_MESSAGES as M } from "./messages";
import { assertSessionStreamer, type QueueChange } from "./queue.server";
import { loadSession } from "./snapshot.server";
import { REJOIN_COOLDOWN_MAX, VIP_PER_REGULAR_MAX, type VipPerRegular } from "./turns";

/** The streamer sets their session's turn rules: the order of service (turns.ts) and the rejoin cooldown. */
export async function setTurnRules(
  env: Env,
  viewer: Viewer,
  liveSessionId: string,
  rules: { vipPerRegular: VipPerRegular; rejoinCooldown: number },
  now = new Date(),
): Promise<QueueChange> {
  const db = getDb(env);
  const session = await loadSession(db, liveSessionId);
  assertSessionStreamer(viewer, session);
  if (session.endedAt) throw conflict(M.sessionEnded);
  const { vipPerRegular, rejoinCooldown } = rules;
  if (
    vipPerRegular !== null &&
    !(Number.isInteger(vipPerRegular) && vipPerRegular >= 1 && vipPerRegular <= VIP_PER_REGULAR_MAX)
  ) {
    throw badRequest(M.badTurnRule);
  }
  if (!(Number.isInteger(rejoinCooldown) && rejoinCooldown >= 0 && rejoinCooldown <= REJOIN_COOLDOWN_MAX)) {
    throw badRequest(M.badCooldown);
  }
  await db
    .update(liveSessions)
    .set({ vipPerRegular, rejoinCooldown, updatedAt: now })
    .where(eq(liveSessions.id, liveSessionId));
  return { liveSessionId, notices: [] };
}
