import { and, eq, exists, gt, isNull, notExists, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Role, Viewer } from "~/features/access";
import { cancelPendingClosureStatement } from "~/features/privacy/index.server";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { compiledStatement, type Db, getDb, named } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { setLogUserId } from "~/platform/log.server";
import { bans, refreshTokens, sessions, users } from "~db/schema";
import { bearerToken, verifyAccessToken } from "./access-token.server";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Browser sessions: the cookie carries a random token; the sessions table keeps only its
 * SHA-256, so a leaked table cannot be replayed, and revoking a row ends the session.
 */
function sessionCookie(env: Env) {
  return createCookie("session", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
    secrets: [sessionSecret(env)],
  });
}

async function readToken(request: Request, env: Env): Promise<string | null> {
  const value: unknown = await sessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * Writes a session row (a login) and returns its token and id. Browser sessions carry the token in the
 * cookie; API logins (docs/decisions/007) hang their refresh-token family off the row, so logout and
 * password change, which revoke session rows, end them too.
 */
export async function createSessionRecord(
  env: Env,
  userId: string,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = randomToken();
  const id = await sha256Hex(token);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const db = getDb(env);
  // Signing in within a closure's 14 days keeps the account (docs/domain.md "Your data and your account").
  await db.batch([
    db
      .insert(sessions)
      .values({ id, userId, createdAt: now, expiresAt, userAgent: meta.userAgent ?? null, ip: meta.ip ?? null }),
    cancelPendingClosureStatement(db, userId, now),
  ]);
  return { token, id, expiresAt };
}

/** The Set-Cookie header value carrying a session's token. */
export function sessionCookieHeader(env: Env, token: string): Promise<string> {
  return sessionCookie(env).serialize(token);
}

/** Starts a session for a user and returns the Set-Cookie header value. */
export async function createSession(env: Env, userId: string, meta: { userAgent?: string; ip?: string } = {}) {
  const { token } = await createSessionRecord(env, userId, meta);
  return sessionCookieHeader(env, token);
}

export type Auth = { viewer: Viewer; sessionId: string; via: "cookie" | "bearer" };

/**
 * The live session row's user: not revoked, not expired, not banned, and (for tokens, `withFamily`) a live family.
 * Every authenticated request runs it, so its SQL is compiled once per isolate (building it with Drizzle each time
 * was ~0.2 ms of a join's sampled CPU); values: sessionId, now (ms), familyId.
 */
function viewerQuery(db: Db, withFamily: boolean) {
  return db
    .select(
      named({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        role: users.role,
        isActive: users.isActive,
        isStreamer: users.isStreamer,
        isLive: users.isLive,
        liveSessionId: users.liveSessionId,
        pictureUrl: users.pictureUrl,
        country: users.country,
        timeZone: users.timeZone,
      }),
    )
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bans)
            .where(and(eq(bans.userId, users.id), isNull(bans.unbannedAt))),
        ),
        withFamily
          ? exists(
              db
                .select({ one: sql`1` })
                .from(refreshTokens)
                .where(and(eq(refreshTokens.familyId, sql.placeholder("familyId")), isNull(refreshTokens.revokedAt))),
            )
          : undefined,
      ),
    );
}

const cookieViewerStatement = compiledStatement((db) => viewerQuery(db, false));
const tokenViewerStatement = compiledStatement((db) => viewerQuery(db, true));

/** The row as D1 gives it (compiled statements are not decoded by Drizzle): booleans are 0 or 1. */
type ViewerRow = Omit<Viewer, "role" | "isActive" | "isStreamer" | "isLive"> & {
  role: string;
  isActive: number;
  isStreamer: number;
  isLive: number;
};

async function loadViewer(env: Env, sessionId: string, familyId: string | null): Promise<Viewer | null> {
  const values = { sessionId, now: Date.now(), familyId };
  const statement = familyId === null ? cookieViewerStatement(env.DB, values) : tokenViewerStatement(env.DB, values);
  const row = await statement.first<ViewerRow>();
  if (!row) return null;
  return {
    ...row,
    role: row.role as Role,
    isActive: !!row.isActive,
    isStreamer: !!row.isStreamer,
    isLive: !!row.isLive,
    fullName: row.fullName || row.username,
  };
}

/**
 * Who is making the request: a browser session cookie, or an API access token in
 * `Authorization: Bearer <token>` (which wins when present; a bad one means nobody). Banned users
 * are nobody, whatever they carry.
 */
export function getAuth(request: Request, env: Env): Promise<Auth | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpAuth(request, env);
  let auth = authOfRequest.get(request);
  if (!auth) {
    auth = lookUpAuth(request, env);
    authOfRequest.set(request, auth);
  }
  return auth;
}

/**
 * Page requests look the viewer up once: the root loader and the route's loader run for the same GET
 * request and share one lookup (one D1 round trip, not two). Writes (POST, ...) always look it up afresh,
 * since an action may log in or out.
 */
const authOfRequest = new WeakMap<Request, Promise<Auth | null>>();

/** The viewer's id joins the request's log context (docs/decisions/021-logging.md): its lines and its request line. */
async function lookUpAuth(request: Request, env: Env): Promise<Auth | null> {
  const auth = await findAuth(request, env);
  if (auth) setLogUserId(auth.viewer.id);
  return auth;
}

async function findAuth(request: Request, env: Env): Promise<Auth | null> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    const claims = bearer ? await verifyAccessToken(env, bearer) : null;
    if (!claims) return null;
    const viewer = await loadViewer(env, claims.sid, claims.fam);
    return viewer && viewer.id === claims.sub ? { viewer, sessionId: claims.sid, via: "bearer" } : null;
  }
  const token = await readToken(request, env);
  if (!token) return null;
  const sessionId = await sha256Hex(token);
  const viewer = await loadViewer(env, sessionId, null);
  return viewer ? { viewer, sessionId, via: "cookie" } : null;
}

/** The logged-in user behind the request, or null. */
export async function getViewer(request: Request, env: Env): Promise<Viewer | null> {
  return (await getAuth(request, env))?.viewer ?? null;
}

/**
 * Revokes the request's session (if any) and returns the Set-Cookie header that clears it. For an API
 * client (bearer token) that is the login its token family hangs off, which ends the family too.
 */
export async function destroySession(request: Request, env: Env): Promise<string> {
  const bearer = bearerToken(request);
  const claims = bearer ? await verifyAccessToken(env, bearer) : null;
  const token = await readToken(request, env);
  const sessionId = claims?.sid ?? (token ? await sha256Hex(token) : null);
  if (sessionId) {
    await getDb(env).update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/** Logs a user in: revokes whatever session the request carried (rotation) and starts a new one. */
export async function startSession(request: Request, env: Env, userId: string, ip?: string) {
  await destroySession(request, env);
  return createSession(env, userId, { userAgent: request.headers.get("User-Agent") ?? undefined, ip });
}
