import { drizzle } from "drizzle-orm/d1";
import { sessions } from "../db/schema";

const DAY_MS = 86_400_000;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/**
 * Sessions as a login leaves them, one per user, in one insert: the token goes (signed) in the session cookie and
 * its SHA-256 is the row's id. For tests that visit pages as someone and do not test the login itself.
 */
export async function createSessions(d1: D1Database, userIds: readonly string[], now = new Date()) {
  const made = await Promise.all(
    userIds.map(async (userId) => {
      const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
      const id = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
      return { userId, token, id };
    }),
  );
  await drizzle(d1)
    .insert(sessions)
    .values(
      made.map(({ id, userId }) => ({ id, userId, expiresAt: new Date(now.getTime() + DAY_MS), createdAt: now })),
    );
  return made.map(({ userId, token }) => ({ userId, token }));
}
