import { and, eq, isNull, sql } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/lib/crypto";
import { appError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { col, getDb } from "~/platform/db.server";
import { bans, refreshTokens, sessions } from "~db/schema";
import { signAccessToken } from "./access-token.server";
import { TOKEN_COPY } from "./copy";

/**
 * API tokens (docs/decisions/007-api-tokens.md): a 15-minute signed access token plus a rotating,
 * single-use refresh token. Every pair hangs off a login (a sessions row) and starts a family; each
 * refresh uses the presented token up and issues its successor in the same family. Presenting a token
 * that was already used means it was copied: the whole family is revoked.
 */
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type TokenPair = { accessToken: string; refreshToken: string; accessTokenExpiresAt: number };

async function pair(env: Env, row: { userId: string; sessionId: string; familyId: string }, refreshToken: string) {
  const access = await signAccessToken(env, row);
  return { accessToken: access.token, refreshToken, accessTokenExpiresAt: access.expiresAt };
}

/** Starts a token family for a login (session row) and returns its first pair. */
export async function issueTokenPair(
  env: Env,
  input: { userId: string; sessionId: string },
  now = new Date(),
): Promise<TokenPair> {
  const refreshToken = randomToken();
  const familyId = newId();
  await getDb(env)
    .insert(refreshTokens)
    .values({
      id: newId(),
      userId: input.userId,
      sessionId: input.sessionId,
      familyId,
      tokenHash: await sha256Hex(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      createdAt: now,
    });
  return pair(env, { ...input, familyId }, refreshToken);
}

async function revokeFamily(env: Env, familyId: string, now = new Date()) {
  await getDb(env)
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Exchanges a refresh token for a new pair. The old token is used up and its successor written in one
 * batch; the UPDATE's condition (`used_at IS NULL AND revoked_at IS NULL`) and the partial unique index
 * (one live token per family) make two concurrent refreshes of one token produce one winner, and the
 * loser is treated as reuse.
 */
export async function rotateRefreshToken(env: Env, presented: string, now = new Date()): Promise<TokenPair> {
  if (!presented || presented.length > 200) throw appError(401, TOKEN_COPY.invalid);
  const db = getDb(env);
  const tokenHash = await sha256Hex(presented);
  const row = await db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      sessionId: refreshTokens.sessionId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      sessionRevokedAt: sessions.revokedAt,
      sessionExpiresAt: sessions.expiresAt,
      banned: sql<number>`EXISTS (SELECT 1 FROM ${bans} WHERE ${col(bans.userId)} = ${col(refreshTokens.userId)} AND ${col(bans.unbannedAt)} IS NULL)`,
    })
    .from(refreshTokens)
    .leftJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .get();
  if (!row || row.revokedAt) throw appError(401, TOKEN_COPY.invalid);
  if (row.usedAt) {
    await revokeFamily(env, row.familyId, now);
    throw appError(401, TOKEN_COPY.reused);
  }
  const loginLive =
    row.sessionId !== null &&
    row.sessionRevokedAt === null &&
    row.sessionExpiresAt !== null &&
    row.sessionExpiresAt > now &&
    !row.banned;
  if (!loginLive || row.expiresAt <= now) {
    await revokeFamily(env, row.familyId, now);
    throw appError(401, TOKEN_COPY.expired);
  }
  const sessionId = row.sessionId as string;
  const successor = randomToken();
  const successorHash = await sha256Hex(successor);
  const nowMs = now.getTime();
  const expiresMs = nowMs + REFRESH_TOKEN_TTL_MS;
  let won = false;
  try {
    const [used] = await db.batch([
      db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id }),
      // Written only if this request is the one that used the old token up (same instant, same row).
      db.insert(refreshTokens).select(
        db
          .select({
            id: sql<string>`${newId()}`.as("id"),
            userId: refreshTokens.userId,
            sessionId: refreshTokens.sessionId,
            familyId: refreshTokens.familyId,
            tokenHash: sql<string>`${successorHash}`.as("token_hash"),
            expiresAt: sql<number>`${expiresMs}`.as("expires_at"),
            usedAt: sql<null>`NULL`.as("used_at"),
            revokedAt: sql<null>`NULL`.as("revoked_at"),
            createdAt: sql<number>`${nowMs}`.as("created_at"),
          })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.id, row.id), eq(refreshTokens.usedAt, now), isNull(refreshTokens.revokedAt))),
      ),
    ]);
    won = used.length === 1;
  } catch (error) {
    // The partial unique index refused a second live token: another request rotated it first.
    if (!String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error).includes("UNIQUE")) {
      throw error;
    }
  }
  if (!won) {
    await revokeFamily(env, row.familyId, now);
    throw appError(401, TOKEN_COPY.reused);
  }
  return { ...(await pair(env, { userId: row.userId, sessionId, familyId: row.familyId }, successor)) };
}
