import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { AUTH_COPY } from "~/features/auth/copy";
import { appError } from "~/lib/errors";
import { type Db, getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { credentials, refreshTokens, sessions, users } from "~db/schema";
import { ACCOUNT_COPY } from "./account-copy.server";
import { consumeCode, issueCode } from "./codes.server";
import { closeAccountCodeEmail, emailLinks } from "./emails";
import { verifyPassword } from "./password.server";

/**
 * Proving it is the account's owner before a grave step (closing the account): the password, or for an account
 * without one (Discord or Google sign-in) a 6-digit code emailed to its address. Each try counts against the
 * account's password limit (5 in 15 minutes), so a stolen session cannot guess either.
 */
export type IdentityProof = { password: string } | { handle: string; code: string };

/** Whether the account has a password (else it proves itself by an emailed code). */
export async function hasPassword(env: Env, userId: string): Promise<boolean> {
  const row = await getDb(env)
    .select({ userId: credentials.userId })
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .get();
  return !!row;
}

/** Emails a close_account code to the viewer's address; answers the code screen's handle (the code's row id). */
export async function sendIdentityCode(env: Env, viewer: Viewer, origin: string): Promise<{ handle: string }> {
  await enforceRateLimit(env, [{ key: `resend:account:close:${viewer.id}`, ...AUTH_RATE_LIMITS.resend }]);
  const user = await getDb(env).select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).get();
  if (!user?.email) throw appError(400, ACCOUNT_COPY.noEmailForCode);
  const { id, code } = await issueCode(env, {
    purpose: "close_account",
    userId: viewer.id,
    email: user.email,
    withCode: true,
  });
  await emailSender(env).send(closeAccountCodeEmail(await emailLinks(env, origin, user.email), code ?? ""));
  return { handle: id };
}

/** Checks the proof (counted first); throws 400 on the field that was wrong, or 429 past the limit. */
export async function verifyIdentity(env: Env, viewer: Viewer, proof: IdentityProof): Promise<"password" | "code"> {
  await enforceRateLimit(env, [{ key: `password:account:${viewer.id}`, ...AUTH_RATE_LIMITS.password }]);
  if ("password" in proof) {
    const row = await getDb(env)
      .select({ passwordHash: credentials.passwordHash })
      .from(credentials)
      .where(eq(credentials.userId, viewer.id))
      .get();
    if (!row || !(await verifyPassword(proof.password, row.passwordHash))) {
      throw appError(400, ACCOUNT_COPY.wrongPassword, { field: "password" });
    }
    return "password";
  }
  const used = await consumeCode(env, "close_account", proof.handle, proof.code, { userId: viewer.id });
  if (!used) throw appError(400, AUTH_COPY.codeInvalid, { field: "code" });
  return "code";
}

/** Ends every session and API token family of the user (statements for the caller's batch, while `when` holds). */
export function signOutEverywhereStatements(db: Db, userId: string, now: Date, when?: SQL) {
  return [
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), when)),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), when)),
  ] as const;
}
