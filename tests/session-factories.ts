import { drizzle } from "drizzle-orm/d1";
import { base64url, sha256Hex } from "../app/lib/crypto";
import { sessions } from "../db/schema";

const DAY_MS = 86_400_000;

/**
 * Sessions as a login leaves them (app/features/auth/session.server.ts), one per user, in one insert: the token goes
 * (signed) in the session cookie and its SHA-256 is the row's id. For tests that visit pages as someone and do not
 * test the login itself.
 */
export async function createSessions(d1: D1Database, userIds: readonly string[], now = new Date()) {
  const made = await Promise.all(
    userIds.map(async (userId) => {
      const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
      return { userId, token, id: await sha256Hex(token) };
    }),
  );
  await drizzle(d1)
    .insert(sessions)
    .values(
      made.map(({ id, userId }) => ({ id, userId, expiresAt: new Date(now.getTime() + DAY_MS), createdAt: now })),
    );
  return made.map(({ userId, token }) => ({ userId, token }));
}
