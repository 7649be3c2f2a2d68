import { and, eq, gt, isNull } from "drizzle-orm";
import { createCookie } from "react-router";
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

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function readToken(request: Request, env: Env): Promise<string | null> {
  const value: unknown = await sessionCookie(env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** Starts a session for a user and returns the Set-Cookie header value. */
export async function createSession(env: Env, userId: string, meta: { userAgent?: string; ip?: string } = {}) {
  const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  const now = new Date();
  await getDb(env)
    .insert(sessions)
    .values({
      id: await hashToken(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      userAgent: meta.userAgent ?? null,
      ip: meta.ip ?? null,
    });
  return sessionCookie(env).serialize(token);
}

/** The logged-in user behind the request, or null. */
export async function getViewer(request: Request, env: Env): Promise<Viewer | null> {
  const token = await readToken(request, env);
  if (!token) return null;
  const id = await hashToken(token);
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
      .where(eq(sessions.id, await hashToken(token)));
  }
  return sessionCookie(env).serialize("", { maxAge: 0 });
}
