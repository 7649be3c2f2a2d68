import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { afterLoginPath, assertOwnAccount, type Viewer } from "~/features/access";
import { AUTH_RATE_LIMITS } from "~/features/auth/constants";
import { AUTH_COPY } from "~/features/auth/copy";
import { randomDigits } from "~/lib/crypto";
import { appError, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { sessionSecret } from "~/platform/env.server";
import type { SocialProfile } from "~/platform/oauth/providers.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { credentials, oauthAccounts, sessions, users } from "~db/schema";
import { isBanned } from "./accounts.server";
import { CODE_TTL_MS, consumeCode, consumeToken, findLiveToken, issueCode } from "./codes.server";
import { SOCIAL_COPY } from "./copy";
import { statementsOnCountryChange } from "./country-hooks.server";
import { changeEmailCodeEmail, emailLinks } from "./emails";
import { createSessionRecord } from "./session.server";

/** The hand-off that finishes a login: seconds to use it, once. */
export const LOGIN_HANDOFF_TTL_MS = 2 * 60 * 1000;
/** The hand-off that lets the capture pages edit the account that just signed in. */
const CAPTURE_HANDOFF_TTL_MS = CODE_TTL_MS;

type HandoffPayload = { stage: "capture" | "login"; returnTo: string | null };

/** The hand-off token rides in this cookie, so a hand-off only works in the browser that signed in. */
function handoffCookie(env: Env) {
  return createCookie("social_handoff", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: CAPTURE_HANDOFF_TTL_MS / 1000,
    secrets: [sessionSecret(env)],
  });
}

export async function readHandoffToken(request: Request, env: Env): Promise<string | null> {
  const value: unknown = await handoffCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function clearHandoffCookie(env: Env): Promise<string> {
  return handoffCookie(env).serialize("", { maxAge: 0 });
}

function readPayload(value: unknown): HandoffPayload | null {
  if (!value || typeof value !== "object") return null;
  const { stage, returnTo } = value as Record<string, unknown>;
  if (stage !== "capture" && stage !== "login") return null;
  return { stage, returnTo: typeof returnTo === "string" ? returnTo : null };
}

function uniqueViolation(error: unknown): string | null {
  const text = String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error);
  if (!text.includes("UNIQUE")) return null;
  if (text.includes("oauth_accounts")) return "identity";
  if (text.includes("email")) return "email";
  if (text.includes("username")) return "username";
  return "other";
}

function usernameBase(profile: SocialProfile): string {
  const raw = profile.username ?? profile.name;
  const cleaned = raw
    .normalize("NFKD")
    .replaceAll(/[^A-Za-z0-9_.]+/g, "_")
    .replaceAll(/^[_.]+|[_.]+$/g, "")
    .slice(0, 24);
  return cleaned.length >= 3 ? cleaned : `player_${cleaned}`.slice(0, 24).replace(/_$/, "");
}

async function linkedUserId(env: Env, profile: SocialProfile): Promise<string | null> {
  const row = await getDb(env)
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, profile.provider), eq(oauthAccounts.providerUserId, profile.providerUserId)))
    .get();
  return row?.userId ?? null;
}

/**
 * Statements that hand an account whose email was never verified to the person who has just proved they
 * own that email (through the provider, or a code): the email becomes verified, and the password and
 * sessions of whoever registered it are dropped, so a squatter who pre-registered the address keeps no way in.
 */
function claimUnverifiedAccount(env: Env, userId: string, now: Date) {
  const db = getDb(env);
  return [
    db
      .delete(credentials)
      .where(
        and(
          eq(credentials.userId, userId),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.emailVerifiedAt} IS NULL)`,
        ),
      ),
    db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.emailVerifiedAt} IS NULL)`,
        ),
      ),
    db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
  ] as const;
}

async function linkOrCreate(env: Env, profile: SocialProfile, meta: { ip: string }): Promise<{ userId: string }> {
  const db = getDb(env);
  const linked = await linkedUserId(env, profile);
  if (linked) return { userId: linked };

  const now = new Date();
  const link = (userId: string) =>
    db
      .insert(oauthAccounts)
      .values({
        id: newId(),
        userId,
        provider: profile.provider,
        providerUserId: profile.providerUserId,
        providerEmail: profile.email,
      })
      .onConflictDoNothing();

  if (profile.email && profile.emailVerified) {
    const owner = await db.select({ id: users.id }).from(users).where(eq(users.email, profile.email)).get();
    if (owner) {
      await db.batch([...claimUnverifiedAccount(env, owner.id, now), link(owner.id)]);
      const userId = await linkedUserId(env, profile);
      if (!userId) throw appError(409, AUTH_COPY.emailTaken);
      return { userId };
    }
  }

  const base = usernameBase(profile);
  const email = profile.email && profile.emailVerified ? profile.email : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const userId = newId();
    const username = attempt === 0 ? base : `${base.slice(0, 24)}_${randomDigits(4)}`;
    try {
      await db.batch([
        db.insert(users).values({
          id: userId,
          username,
          fullName: profile.name.slice(0, 80),
          email,
          emailVerifiedAt: email ? now : null,
          pictureUrl: profile.pictureUrl,
          lastIp: meta.ip,
        }),
        db.insert(oauthAccounts).values({
          id: newId(),
          userId,
          provider: profile.provider,
          providerUserId: profile.providerUserId,
          providerEmail: profile.email,
        }),
      ]);
      return { userId };
    } catch (error) {
      const field = uniqueViolation(error);
      if (field === "username") continue;
      if (field === "identity") {
        // The same person signed in twice at once; the other request created the account.
        const userId = await linkedUserId(env, profile);
        if (userId) return { userId };
      }
      if (field === "email") throw appError(409, AUTH_COPY.emailTaken);
      throw error;
    }
  }
  throw appError(409, AUTH_COPY.usernameTaken);
}

export type SocialAccount = {
  userId: string;
  email: string | null;
  country: string | null;
  isStreamer: boolean;
};

async function loadAccount(env: Env, userId: string): Promise<SocialAccount | null> {
  const row = await getDb(env)
    .select({ userId: users.id, email: users.email, country: users.country, isStreamer: users.isStreamer })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ?? null;
}

/**
 * What the OAuth verify step does with the provider's profile: the linked account, else the account with
 * the same provider-verified email (linked now), else a new account. Banned accounts are refused.
 */
export async function signInWithProfile(
  env: Env,
  profile: SocialProfile,
  meta: { ip: string },
): Promise<{ account: SocialAccount }> {
  const linked = await linkOrCreate(env, profile, meta);
  if (await isBanned(env, linked.userId)) throw appError(403, AUTH_COPY.banned);
  if (profile.pictureUrl) {
    await getDb(env)
      .update(users)
      .set({ pictureUrl: profile.pictureUrl })
      .where(and(eq(users.id, linked.userId), isNull(users.pictureUrl), isNull(users.pictureKey)));
  }
  const account = await loadAccount(env, linked.userId);
  if (!account) throw appError(409, SOCIAL_COPY.expired);
  return { account };
}

/** :accessToken carries the hand-off's public id, :refreshToken its 6-digit code; the token stays in the cookie. */
function customRedirectionPath(userId: string, handoffId: string, code: string): string {
  return `/google-discord-user/save-user-data/custom-redirection/${encodeURIComponent(userId)}/${handoffId}/${code}`;
}

/**
 * The next step of a social sign-in: the email page, the country page, or the custom-redirection URL
 * that finishes it. Returns where to go and the cookie carrying the hand-off token. Each call retires the
 * user's earlier hand-offs.
 */
export async function continueSocialLogin(
  env: Env,
  account: SocialAccount,
  returnTo: string | null,
): Promise<{ location: string; cookie: string }> {
  const cookie = handoffCookie(env);
  if (!account.email || !account.country) {
    const payload: HandoffPayload = { stage: "capture", returnTo };
    const { token } = await issueCode(env, {
      purpose: "social_handoff",
      userId: account.userId,
      payload,
      ttlMs: CAPTURE_HANDOFF_TTL_MS,
    });
    const page = account.email ? "country-capture" : "email-capture";
    return { location: `/${page}/${encodeURIComponent(account.userId)}`, cookie: await cookie.serialize(token) };
  }
  const payload: HandoffPayload = { stage: "login", returnTo };
  const { id, token, code } = await issueCode(env, {
    purpose: "social_handoff",
    userId: account.userId,
    payload,
    withCode: true,
    ttlMs: LOGIN_HANDOFF_TTL_MS,
  });
  return {
    location: customRedirectionPath(account.userId, id, code ?? ""),
    cookie: await cookie.serialize(token),
  };
}

/**
 * The capture pages' guard: the request's hand-off cookie must hold a live capture hand-off for exactly
 * this user. Anyone else (another browser, another :userId) gets null.
 */
export async function findCapture(
  request: Request,
  env: Env,
  userId: string,
): Promise<{ account: SocialAccount; returnTo: string | null } | null> {
  const token = await readHandoffToken(request, env);
  if (!token) return null;
  const row = await findLiveToken(env, "social_handoff", token);
  const payload = readPayload(row?.payload);
  if (!row || row.userId !== userId || payload?.stage !== "capture") return null;
  const account = await loadAccount(env, userId);
  return account ? { account, returnTo: payload.returnTo } : null;
}

/** An email a provider reported without vouching for it: a suggestion for the email page. */
export async function providerEmailOf(env: Env, userId: string): Promise<string | null> {
  const row = await getDb(env)
    .select({ email: oauthAccounts.providerEmail })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), isNotNull(oauthAccounts.providerEmail)))
    .get();
  return row?.email ?? null;
}

/** The capture steps count on their own keys (capture_resend:..., capture_code:...), with the auth limits. */
function withinLimit(env: Env, rule: "resend" | "code", keys: string[]) {
  const limit = AUTH_RATE_LIMITS[rule];
  return enforceRateLimit(
    env,
    keys.map((key) => ({ key: `capture_${rule}:${key}`, ...limit })),
  );
}

/** Email capture, step 1: send a code to the address; it becomes the account's email once confirmed. */
export async function sendCaptureCode(
  env: Env,
  userId: string,
  email: string,
  meta: { ip: string; origin: string },
): Promise<{ handle: string }> {
  await withinLimit(env, "resend", [`ip:${meta.ip}`, `account:${email}`, `user:${userId}`]);
  const { id, code } = await issueCode(env, { purpose: "change_email", userId, email, withCode: true });
  await emailSender(env).send(changeEmailCodeEmail(await emailLinks(env, meta.origin, email), code ?? ""));
  // The code's public id goes back to the page; it proves nothing without the emailed code.
  return { handle: id };
}

/**
 * Email capture, step 2: the code proves the address. It becomes the account's (verified) email; if
 * another account already has it, this sign-in identity moves to that account (the person has just proved
 * they own it) and the empty account made for the sign-in is dropped. Returns the account to continue with.
 */
export async function confirmCaptureEmail(
  env: Env,
  userId: string,
  input: { email: string; handle: string; otp: string },
  meta: { ip: string },
): Promise<{ account: SocialAccount }> {
  await withinLimit(env, "code", [`ip:${meta.ip}`, `user:${userId}`]);
  // Used up only when it is this user's code for this address: nothing is written for anyone else.
  const row = await consumeCode(env, "change_email", input.handle, input.otp, { userId, email: input.email });
  if (!row) {
    throw appError(400, AUTH_COPY.codeInvalid, { field: "otp" });
  }
  const db = getDb(env);
  const now = new Date();
  const owner = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  let accountId = userId;
  if (!owner) {
    try {
      await db
        .update(users)
        .set({ email: input.email, emailVerifiedAt: now })
        .where(and(eq(users.id, userId), isNull(users.email)));
    } catch (error) {
      if (uniqueViolation(error) === "email") throw appError(409, AUTH_COPY.emailTaken, { field: "email" });
      throw error;
    }
  } else if (owner.id !== userId) {
    // Only an account made by a social sign-in that never finished (no email, no password, never logged in).
    const unfinished = sql`(
      SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.email} IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${credentials} WHERE ${credentials.userId} = ${userId})
        AND NOT EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.userId} = ${userId})
    )`;
    const [moved] = await db.batch([
      db
        .update(oauthAccounts)
        .set({ userId: owner.id })
        .where(and(eq(oauthAccounts.userId, userId), sql`EXISTS ${unfinished}`))
        .returning({ id: oauthAccounts.id }),
      ...claimUnverifiedAccount(env, owner.id, now),
      db.delete(users).where(and(eq(users.id, userId), sql`EXISTS ${unfinished}`)),
    ]);
    if (moved.length === 0) throw appError(409, AUTH_COPY.emailTaken, { field: "email" });
    accountId = owner.id;
  }
  if (await isBanned(env, accountId)) throw appError(403, AUTH_COPY.banned);
  const account = await loadAccount(env, accountId);
  if (!account) throw appError(409, SOCIAL_COPY.expired);
  return { account };
}

/**
 * Sets a user's country; their currency follows from it (INR for IN, else USD), and in the same batch any wallet
 * balance in the other currency is converted into it at the stored rate (docs/decisions/020), by the statements the
 * composition root set (country-hooks.server.ts).
 */
async function setCountry(env: Env, userId: string, country: string) {
  const db = getDb(env);
  const now = new Date();
  await db.batch([
    db.update(users).set({ country }).where(eq(users.id, userId)),
    ...statementsOnCountryChange(db, userId, now),
  ]);
}
/**
 * The country step of a social sign-in's capture (page and API alike): only the browser holding this user's
 * capture hand-off may set it, and never for a banned account; both are checked before the write.
 */
export async function saveCaptureCountry(
  request: Request,
  env: Env,
  userId: string,
  country: string,
): Promise<{ account: SocialAccount; returnTo: string | null }> {
  const capture = await findCapture(request, env, userId);
  if (!capture) throw appError(401, SOCIAL_COPY.expired);
  if (await isBanned(env, userId)) throw appError(403, AUTH_COPY.banned);
  await setCountry(env, userId, country);
  const account = await loadAccount(env, userId);
  if (!account) throw appError(401, SOCIAL_COPY.expired);
  return { account, returnTo: capture.returnTo };
}

/** A logged-in user sets their own country (the API names the id: anyone else's is refused before writing). */
export async function saveOwnCountry(env: Env, viewer: Viewer, userId: string, country: string) {
  assertOwnAccount(viewer, userId);
  await setCountry(env, viewer.id, country);
  const account = await loadAccount(env, viewer.id);
  if (!account) throw notFound(AUTH_COPY.userNotFound);
  return account;
}

/**
 * How a social sign-in ends. The page finishes through the login hand-off of the custom-redirection URL
 * (`login`: its public id and code in the path, its secret in the cookie); the API finishes with the capture
 * hand-off of the browser that just completed the account (`capture`: the cookie alone).
 */
export type SignInHandoff =
  | { stage: "capture"; userId: string; cookieToken: string | null }
  | { stage: "login"; userId: string; handoffId: string; code: string; cookieToken: string | null };

/**
 * The one end of a social sign-in, for the page (/google-discord-user/.../custom-redirection) and the API
 * (/api/auth/user/save-country/:id). In this order: a live hand-off of this browser, the account not banned
 * (nothing is used up for a banned account), the hand-off used up once and only for the user it names, the
 * account complete (email and country), then a new session row. The page turns the session into its cookie,
 * the API into a token pair; `location` is where the page goes next.
 */
export async function completeSocialSignIn(
  env: Env,
  handoff: SignInHandoff,
  meta: { ip: string; userAgent?: string },
): Promise<{ account: SocialAccount; location: string; session: { id: string; token: string } }> {
  const expired = () => appError(handoff.stage === "capture" ? 401 : 400, SOCIAL_COPY.expired);
  if (!handoff.cookieToken) throw expired();
  if (handoff.stage === "login") {
    if (!/^\d{6}$/.test(handoff.code)) throw expired();
    const bound = await findLiveToken(env, "social_handoff", handoff.cookieToken);
    if (!bound || bound.id !== handoff.handoffId) throw expired();
  }
  if (await isBanned(env, handoff.userId)) throw appError(403, AUTH_COPY.banned);
  const owner = { userId: handoff.userId };
  const row =
    handoff.stage === "login"
      ? await consumeCode(env, "social_handoff", handoff.handoffId, handoff.code, owner)
      : await consumeToken(env, "social_handoff", handoff.cookieToken, owner);
  const payload = readPayload(row?.payload);
  if (!row || payload?.stage !== handoff.stage) throw expired();
  const account = await loadAccount(env, handoff.userId);
  if (!account?.email || !account.country) throw expired();
  const session = await createSessionRecord(env, account.userId, meta);
  return {
    account,
    location: afterLoginPath(account.isStreamer, payload.returnTo ?? undefined),
    session: { id: session.id, token: session.token },
  };
}
