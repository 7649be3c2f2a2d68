import { and, eq, exists, sql } from "drizzle-orm";
import { isStaff, type Viewer } from "~/features/access";
import {
  closureScheduledEmail,
  emailLinks,
  hasPassword,
  type IdentityProof,
  sendIdentityCode,
  signOutEverywhereStatements,
  verifyIdentity,
} from "~/features/auth/index.server";
import { CLOSURE_GRACE_DAYS, latestClosure } from "~/features/privacy/index.server";
import { formatWhen } from "~/features/time";
import { appError, conflict, forbidden, unauthorized } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { accountClosures, users } from "~db/schema";
import { closureBlockers } from "./blockers.server";
import { CLOSURE_COPY } from "./copy";

const DAY_MS = 24 * 60 * 60 * 1000;

export type ClosureStatus = {
  /** Open, or closing on `eraseAfter` (the person is signed out then: this shows only to staff or a test). */
  state: "open" | "closing";
  eraseAfter: Date | null;
  /** Why it cannot be closed now, each with what to do. */
  blockers: string[];
  /** How the person proves it is them: their password, or an emailed code (accounts without one). */
  proof: "password" | "code";
};

/** The viewer's closure page: whether they may close the account now, and how they confirm. */
export async function closureStatus(env: Env, viewer: Viewer | null, now = new Date()): Promise<ClosureStatus> {
  if (!viewer) throw unauthorized();
  const db = getDb(env);
  const [closure, blockers, password] = await Promise.all([
    latestClosure(db, viewer.id),
    isStaff(viewer) ? Promise.resolve([CLOSURE_COPY.staffAccount]) : closureBlockers(db, viewer.id, now),
    hasPassword(env, viewer.id),
  ]);
  const closing = closure?.status === "pending";
  return {
    state: closing ? "closing" : "open",
    eraseAfter: closing ? closure.eraseAfter : null,
    blockers,
    proof: password ? "password" : "code",
  };
}

/** Refuses (409, every reason with what to do) while money is owed either way; staff accounts are an admin's. */
async function assertMayClose(env: Env, viewer: Viewer, now: Date) {
  if (isStaff(viewer)) throw forbidden(CLOSURE_COPY.staffAccount);
  const blockers = await closureBlockers(getDb(env), viewer.id, now);
  if (blockers.length > 0) {
    throw appError(409, [CLOSURE_COPY.refusedIntro, ...blockers].join(" "), { reason: "money_owed" });
  }
}

/** An account without a password confirms by a code emailed to it: sends one (refused first when it may not close). */
export async function sendClosureCode(env: Env, viewer: Viewer | null, origin: string, now = new Date()) {
  if (!viewer) throw unauthorized();
  await assertMayClose(env, viewer, now);
  return sendIdentityCode(env, viewer, origin);
}

/**
 * Asks to close the viewer's account: refused while money is owed (checked before anything is written), then the
 * proof (password or emailed code), then ONE batch writes the pending closure (erased after CLOSURE_GRACE_DAYS) and
 * signs the account out everywhere, so that signing in again is the one way to change one's mind (which cancels it:
 * `cancelPendingClosureStatement`). A closure already pending is a 409. The person is emailed the date.
 */
export async function requestClosure(
  env: Env,
  viewer: Viewer | null,
  proof: IdentityProof,
  meta: { origin: string; timeZone: string },
  now = new Date(),
): Promise<{ eraseAfter: Date }> {
  if (!viewer) throw unauthorized();
  await assertMayClose(env, viewer, now);
  const confirmedBy = await verifyIdentity(env, viewer, proof);
  const db = getDb(env);
  const id = newId();
  const eraseAfter = new Date(now.getTime() + CLOSURE_GRACE_DAYS * DAY_MS);
  const ours = exists(
    db
      .select({ one: sql`1` })
      .from(accountClosures)
      .where(and(eq(accountClosures.id, id), eq(accountClosures.status, "pending"))),
  );
  const [inserted] = await db.batch([
    db
      .insert(accountClosures)
      .values({ id, userId: viewer.id, confirmedBy, eraseAfter, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: accountClosures.id }),
    ...signOutEverywhereStatements(db, viewer.id, now, ours),
  ]);
  if (inserted.length === 0) throw conflict(CLOSURE_COPY.alreadyClosing);
  const user = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).get();
  if (user?.email) {
    const when = formatWhen(eraseAfter, meta.timeZone);
    await emailSender(env).send(closureScheduledEmail(await emailLinks(env, meta.origin, user.email), when));
  }
  return { eraseAfter };
}
