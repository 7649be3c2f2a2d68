import { and, eq, isNull } from "drizzle-orm";
import { assertOwnAccount, type Viewer } from "~/features/access";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { AUTH_COPY } from "~/features/auth/copy";
import { trackEvent } from "~/features/tracking/index.server";
import { appError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { enforceRateLimit, type RateLimitKey, refuseIfSpent } from "~/platform/rate-limit.server";
import { assertHuman, type HumanCheckSite, TURNSTILE_FIELD } from "~/platform/turnstile/turnstile.server";
import { bans, credentials, sessions, users } from "~db/schema";
import { consumeCode, consumeToken, issueCode } from "./codes.server";
import {
  changeEmailCodeEmail,
  emailLinks,
  resetPasswordEmail,
  signupAttemptEmail,
  streamerSetupEmail,
  verificationEmail,
} from "./emails";
import { loginLimits, loginNeedsBotCheck } from "./login-limits.server";
import { hashPassword, verifyPassword } from "./password.server";

/**
 * Email-and-password accounts: sign-up, verification, login, password reset and change.
 * Screens and the JSON API both call these; each returns its result or throws an AppError (its status and message,
 * the field it concerns, a 429's wait) that each door maps to its answer.
 */

type Meta = { ip: string; origin: string };
type RateRule = keyof typeof AUTH_RATE_LIMITS;

/**
 * One attempt counted against the address and (when known) the account, each under the rule's limit; refused with a
 * 429 carrying the wait when either is over.
 */
function withinLimits(env: Env, rule: RateRule, ip: string, account?: string) {
  const { max, windowMs } = AUTH_RATE_LIMITS[rule];
  const keys = [`${rule}:ip:${ip}`, ...(account ? [`${rule}:account:${account}`] : [])];
  return enforceRateLimit(
    env,
    keys.map((key) => ({ key, max, windowMs })),
  );
}

export async function isBanned(env: Env, userId: string) {
  const ban = await getDb(env)
    .select({ id: bans.id })
    .from(bans)
    .where(and(eq(bans.userId, userId), isNull(bans.unbannedAt)))
    .get();
  return !!ban;
}

async function sendVerification(env: Env, user: { id: string; email: string }, origin: string) {
  const { id, token, code } = await issueCode(env, {
    purpose: "verify_email",
    userId: user.id,
    email: user.email,
    withCode: true,
  });
  await emailSender(env).send(verificationEmail(await emailLinks(env, origin, user.email), token, code ?? ""));
  // The code screen's handle, never the link token: showing it to the requester proves nothing.
  return id;
}

function uniqueViolation(error: unknown): "email" | "username" | null {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  if (!text.includes("UNIQUE")) return null;
  if (text.includes("email")) return "email";
  if (text.includes("username")) return "username";
  return null;
}

/** The budget of "this username is taken" answers of one address (AUTH_RATE_LIMITS.usernameTaken). */
function takenUsernameLimit(ip: string): RateLimitKey {
  return { key: `signup-username-taken:ip:${ip}`, ...AUTH_RATE_LIMITS.usernameTaken };
}

export async function signUp(
  env: Env,
  input: {
    username: string;
    fullName: string;
    email: string;
    password: string;
    country: string;
    timeZone?: string;
    "cf-turnstile-response"?: string;
  },
  meta: Meta & { hostname: string },
): Promise<{ userId: string; handle: string }> {
  // An address that spent its "taken" answers signs nobody up until the window ends, free name or not.
  await refuseIfSpent(env, [takenUsernameLimit(meta.ip)]);
  await withinLimits(env, "signup", meta.ip, input.email);
  // The bot check (docs/decisions/031-turnstile.md), before anything is written or told.
  await assertHuman(env, input[TURNSTILE_FIELD], "signup", meta);
  const db = getDb(env);
  const userId = newId();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(users).values({
        id: userId,
        username: input.username,
        fullName: input.fullName || input.username,
        email: input.email,
        country: input.country,
        // The browser's zone, else the tz cookie or Cloudflare's (the route decides; docs/decisions/019).
        timeZone: input.timeZone ?? null,
        lastIp: meta.ip,
      }),
      db.insert(credentials).values({ userId, passwordHash }),
    ]);
  } catch (error) {
    const field = uniqueViolation(error);
    if (field === "email") {
      // The same answer as a new account (a code screen no code will open), so sign-up does not tell who has an
      // account; the owner is told by email instead.
      await emailSender(env).send(signupAttemptEmail(await emailLinks(env, meta.origin, input.email)));
      return { userId: newId(), handle: newId() };
    }
    // The username check stays (people need to pick a free one), but only a few times per address and hour: each
    // answer is counted, and past the budget this one is refused like any attempt (docs/decisions/029).
    if (field === "username") {
      await enforceRateLimit(env, [takenUsernameLimit(meta.ip)]);
      throw appError(409, AUTH_COPY.usernameTaken, { field: "username" });
    }
    throw error;
  }
  const handle = await sendVerification(env, { id: userId, email: input.email }, meta.origin);
  trackEvent(env, "registration", userId, { country: input.country });
  return { userId, handle };
}

async function markVerified(env: Env, userId: string) {
  await getDb(env)
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

export async function verifyEmailByLink(env: Env, token: string): Promise<{ userId: string }> {
  const code = await consumeToken(env, "verify_email", token);
  if (!code?.userId) throw appError(400, AUTH_COPY.linkInvalid);
  await markVerified(env, code.userId);
  trackEvent(env, "verification", code.userId, { method: "link" });
  return { userId: code.userId };
}

export async function verifyEmailByCode(
  env: Env,
  handle: string,
  otp: string,
  meta: Meta,
): Promise<{ userId: string }> {
  await withinLimits(env, "code", meta.ip, `code:${handle}`);
  const code = await consumeCode(env, "verify_email", handle, otp);
  if (!code?.userId) throw appError(400, AUTH_COPY.codeInvalid, { field: "otp" });
  await markVerified(env, code.userId);
  trackEvent(env, "verification", code.userId, { method: "otp" });
  return { userId: code.userId };
}

/** Answers the same whether or not the address exists or is already verified. */
export async function resendVerification(
  env: Env,
  email: string,
  meta: Meta,
): Promise<{ message: string; handle: string }> {
  await withinLimits(env, "resend", meta.ip, email);
  const user = await getDb(env)
    .select({ id: users.id, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .get();
  // Unknown and already verified addresses get a code screen too (a handle no code opens): the answer is the same
  // whether or not the account exists or still needs verifying.
  const handle =
    user?.email && !user.verifiedAt
      ? await sendVerification(env, { id: user.id, email: user.email }, meta.origin)
      : newId();
  return { message: AUTH_COPY.verificationSent, handle };
}

// A fixed hash to verify against when the email is unknown, so timing does not reveal which emails exist.
// Kept once computed, never as a pending promise: a request awaiting another request's promise hangs in workerd.
let dummyHash: string | null = null;

export async function logIn(
  env: Env,
  input: { email: string; password: string; "cf-turnstile-response"?: string },
  meta: HumanCheckSite,
  options: { staffOnly?: boolean } = {},
): Promise<{ userId: string; isStreamer: boolean }> {
  // Failed logins are limited (loginLimits): the hit is counted first (atomically, so parallel guesses cannot slip
  // past the limit) and taken back when the password was right.
  const limit = await loginLimits(env, meta.ip, input.email);
  // After a few failures for the account or from the address, the bot check first (docs/decisions/033).
  if (loginNeedsBotCheck(limit.counts)) await assertHuman(env, input[TURNSTILE_FIELD], "login", meta);
  const row = await getDb(env)
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      isStreamer: users.isStreamer,
      verifiedAt: users.emailVerifiedAt,
      passwordHash: credentials.passwordHash,
    })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(users.email, input.email))
    .get();
  if (!row && !dummyHash) dummyHash = await hashPassword("not-a-real-password");
  const valid = await verifyPassword(input.password, row?.passwordHash ?? dummyHash ?? "");
  if (!row || !valid) {
    throw appError(401, options.staffOnly ? AUTH_COPY.userNotFound : AUTH_COPY.invalidCredentials);
  }
  await limit.release();
  if (options.staffOnly && (row.role === "user" || !row.isActive)) throw appError(401, AUTH_COPY.userNotFound);
  if (await isBanned(env, row.id)) throw appError(403, AUTH_COPY.banned);
  if (!row.verifiedAt) throw appError(403, AUTH_COPY.unverified, { reason: "unverified" });
  trackEvent(env, "login", row.id, options.staffOnly ? { staff: true } : {});
  return { userId: row.id, isStreamer: row.isStreamer };
}

/** Answers the same whether or not the address exists (a failed bot check too: it is checked before the address). */
export async function forgotPassword(
  env: Env,
  input: { email: string; "cf-turnstile-response"?: string },
  meta: Meta & { hostname: string },
): Promise<{ message: string }> {
  const email = input.email;
  await withinLimits(env, "forgot", meta.ip, email);
  await assertHuman(env, input[TURNSTILE_FIELD], "reset", meta);
  const user = await getDb(env).select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (user) {
    const { token } = await issueCode(env, { purpose: "reset_password", userId: user.id, email });
    await emailSender(env).send(resetPasswordEmail(await emailLinks(env, meta.origin, email), token));
  }
  return { message: AUTH_COPY.resetSent };
}

/** Sets a password and ends every session of the user, in one batch. */
async function replacePassword(env: Env, userId: string, newPassword: string) {
  const db = getDb(env);
  const passwordHash = await hashPassword(newPassword);
  await db.batch([
    db
      .insert(credentials)
      .values({ userId, passwordHash })
      .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: new Date() } }),
    db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  ]);
}

/** A reset link proves the address, so it also verifies it. */
export async function resetPassword(env: Env, token: string, newPassword: string): Promise<{ userId: string }> {
  const code = await consumeToken(env, "reset_password", token);
  if (!code?.userId) throw appError(400, AUTH_COPY.linkInvalid);
  await replacePassword(env, code.userId, newPassword);
  await markVerified(env, code.userId);
  return { userId: code.userId };
}

export async function setStreamerPassword(
  env: Env,
  email: string,
  token: string,
  newPassword: string,
): Promise<{ userId: string }> {
  const code = await consumeToken(env, "streamer_setup", token);
  if (!code?.userId || code.email !== email.toLowerCase()) throw appError(400, AUTH_COPY.linkInvalid);
  await replacePassword(env, code.userId, newPassword);
  await markVerified(env, code.userId);
  return { userId: code.userId };
}

/** Staff registering a streamer call this to email the password set-up link. */
export async function sendStreamerSetup(env: Env, user: { id: string; email: string }, origin: string) {
  const { token } = await issueCode(env, { purpose: "streamer_setup", userId: user.id, email: user.email });
  await emailSender(env).send(streamerSetupEmail(await emailLinks(env, origin, user.email), token));
  return token;
}

export async function changePassword(
  env: Env,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  // Every try counts (per account, whatever the address): a stolen session cannot guess the current password.
  await enforceRateLimit(env, [{ key: `password:account:${userId}`, ...AUTH_RATE_LIMITS.password }]);
  const row = await getDb(env)
    .select({ passwordHash: credentials.passwordHash })
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .get();
  if (!row) {
    throw appError(
      400,
      "This account signs in with Discord or Google and has no password yet. Use “Forgot your password?” to set one.",
      {
        field: "currentPassword",
      },
    );
  }
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw appError(400, "Current password is incorrect", { field: "currentPassword" });
  }
  await replacePassword(env, userId, input.newPassword);
}

/**
 * Step 1 of changing email: a code goes to the NEW address; the account keeps the old one until step 2. The
 * account named (the API's `:id`) must be the viewer's own: refused (403) before anything is counted or sent.
 */
export async function requestEmailChange(
  env: Env,
  viewer: Pick<Viewer, "id">,
  accountId: string,
  newEmail: string,
  meta: Meta,
): Promise<{ handle: string }> {
  assertOwnAccount(viewer, accountId);
  const userId = viewer.id;
  await withinLimits(env, "resend", meta.ip, `change:${userId}`);
  const taken = await getDb(env).select({ id: users.id }).from(users).where(eq(users.email, newEmail)).get();
  // A taken address gets the same answer (a handle no code opens): changing email does not tell who has an account.
  if (taken) return { handle: newId() };
  const { id, code } = await issueCode(env, { purpose: "change_email", userId, email: newEmail, withCode: true });
  await emailSender(env).send(changeEmailCodeEmail(await emailLinks(env, meta.origin, newEmail), code ?? ""));
  return { handle: id };
}

/**
 * Step 2: the code proves the new address. Only the viewer who asked for the change can use it: the code is
 * used up, and the email written, only when it belongs to `viewerId` and the address (nothing is written for
 * anyone else). The UNIQUE email constraint settles a race for the address.
 */
export async function confirmEmailChange(
  env: Env,
  viewerId: string,
  input: { handle: string; email: string; otp: string },
  meta: { ip: string },
): Promise<{ userId: string }> {
  await withinLimits(env, "code", meta.ip, `code:${input.handle}`);
  const code = await consumeCode(env, "change_email", input.handle, input.otp, {
    userId: viewerId,
    email: input.email,
  });
  if (!code) throw appError(400, AUTH_COPY.codeInvalid, { field: "otp" });
  try {
    await getDb(env)
      .update(users)
      .set({ email: input.email.toLowerCase(), emailVerifiedAt: new Date() })
      .where(eq(users.id, viewerId));
  } catch (error) {
    if (uniqueViolation(error) === "email") throw appError(409, AUTH_COPY.emailTaken);
    throw error;
  }
  return { userId: viewerId };
}
