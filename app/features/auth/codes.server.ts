import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { randomDigits, randomToken, sha256Hex } from "~/lib/crypto";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { type JsonValue, type OneTimeCodePurpose, oneTimeCodes } from "~db/schema";

/** One-time codes and link tokens: single use, valid at most 10 minutes, a few wrong guesses allowed. */
export const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;

const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

/**
 * `token` goes only into the emailed link and proves the inbox on its own. `id` is the public handle for
 * the code screen (/signup/verifyotp/:id/:email): it proves nothing without the emailed `code`, so it may be
 * shown to whoever asked for the email.
 */
export type IssuedCode = { id: string; token: string; code: string | null };

/**
 * Issues a link token (and, when asked, a 6-digit code bound to it). Older unused codes of the same
 * purpose for the same user are retired in the same batch, so only the newest works.
 */
export async function issueCode(
  env: Env,
  input: {
    purpose: OneTimeCodePurpose;
    userId: string;
    email?: string | null;
    withCode?: boolean;
    payload?: JsonValue;
    /** Shorter lifetimes are allowed (e.g. a 2-minute hand-off); never longer than CODE_TTL_MS. */
    ttlMs?: number;
  },
  now = new Date(),
): Promise<IssuedCode> {
  const id = newId();
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const code = input.withCode ? randomDigits(6) : null;
  const db = getDb(env);
  await db.batch([
    db
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, input.userId),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      ),
    db.insert(oneTimeCodes).values({
      id,
      purpose: input.purpose,
      userId: input.userId,
      email: input.email?.toLowerCase() ?? null,
      tokenHash,
      codeHash: code ? await codeHash(id, code) : null,
      payload: input.payload ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + Math.min(input.ttlMs ?? CODE_TTL_MS, CODE_TTL_MS)),
    }),
  ]);
  return { id, token, code };
}

/** A live (unused, unexpired) token's row without using it up, e.g. a hand-off still in progress. */
export async function findLiveToken(env: Env, purpose: OneTimeCodePurpose, token: string, now = new Date()) {
  const tokenHash = await sha256Hex(token);
  return getDb(env)
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.tokenHash, tokenHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .get();
}

/**
 * Who a code must belong to for a use to count: a caller that knows the user (the viewer, or the user named
 * in a link) says so, and the code is then used up only when it is theirs (check before write). Someone
 * else's code stays as it was, attempts included.
 */
export type CodeOwner = { userId?: string; email?: string; now?: Date };

function ownedBy(owner: CodeOwner) {
  return [
    owner.userId === undefined ? undefined : eq(oneTimeCodes.userId, owner.userId),
    owner.email === undefined ? undefined : eq(oneTimeCodes.email, owner.email.toLowerCase()),
  ];
}

/** Uses a link token once. Returns the code's row, or undefined when unknown, used, expired or not the owner's. */
export async function consumeToken(env: Env, purpose: OneTimeCodePurpose, token: string, owner: CodeOwner = {}) {
  const now = owner.now ?? new Date();
  const tokenHash = await sha256Hex(token);
  return getDb(env)
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.tokenHash, tokenHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        ...ownedBy(owner),
      ),
    )
    .returning()
    .get();
}

/**
 * Uses a typed code once: it must match the code screen's id it was sent with, be unused, unexpired and
 * not guessed wrong too often, and (when `owner` says so) belong to that user and address. A wrong guess at
 * the owner's code counts an attempt.
 */
export async function consumeCode(
  env: Env,
  purpose: OneTimeCodePurpose,
  id: string,
  code: string,
  owner: CodeOwner = {},
) {
  const now = owner.now ?? new Date();
  const db = getDb(env);
  const row = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.codeHash, await codeHash(id, code)),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS),
        ...ownedBy(owner),
      ),
    )
    .returning()
    .get();
  if (row) return row;
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt), ...ownedBy(owner)));
  return undefined;
}
