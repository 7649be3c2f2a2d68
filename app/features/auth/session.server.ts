import { and, eq, gt, isNull } from "drizzle-orm";
import { createCookie } from "react-router";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { getDb } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { sessions, users } from "../../../db/schema";
import type { Role, Viewer } from "./policy";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

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

/** Starts a session for a user and returns the Set-Cookie header value. */
export async function createSession(env: Env, userId: string, meta: { userAgent?: string; ip?: string } = {}) {
  const token = randomToken();
  const now = new Date();
  await getDb(env)
    .insert(sessions)
    .values({
      id: await sha256Hex(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      userAgent: meta.userAgent ?? null,
      ip: meta.ip ?? null,
    });
  return sessionCookie(env).serialize(token);
}

/**
 * Page requests look the viewer up once: the root loader and the route's loader run for the same GET
 * request and share one lookup (one D1 round trip, not two). Writes (POST, ...) always look it up afresh,
 * since an action may log in or out.
 */
const viewerOfRequest = new WeakMap<Request, Promise<Viewer | null>>();

/** The logged-in user behind the request, or null. */
export function getViewer(request: Request, env: Env): Promise<Viewer | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpViewer(request, env);
  let viewer = viewerOfRequest.get(request);
  if (!viewer) {
    viewer = lookUpViewer(request, env);
    viewerOfRequest.set(request, viewer);
  }
  return viewer;
}

async function lookUpViewer(request: Request, env: Env): Promise<Viewer | null> {
  const token = await readToken(request, env);
  if (!token) return null;
  const id = await sha256Hex(token);
  const row = await getDb(env)
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      role: users.role,
      isActive: users.isActive,
      isInfluencer: users.isInfluencer,
      isLive: users.isLive,
      liveSessionId: users.liveSessionId,
      pictureUrl: users.pictureUrl,
      country: users.country,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .get();
  if (!row) return null;
  return { ...row, isLive: !!row.isLive, role: row.role as Role, fullName: row.fullName || row.username };
}

/** Revokes the request's session (if any) and returns the Set-Cookie header that clears it. */
export async function destroySession(request: Request, env: Env): Promise<string> {
  const token = await readToken(request, env);
  if (token) {
    await getDb(env)
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, await sha256Hex(token)));
  }
  return sessionCookie(env).serialize("", { maxAge: 0 });
}

/** Logs a user in: revokes whatever session the request carried (rotation) and starts a new one. */
export async function startSession(request: Request, env: Env, userId: string, ip?: string) {
  await destroySession(request, env);
  return createSession(env, userId, { userAgent: request.headers.get("User-Agent") ?? undefined, ip });
}
