import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { hmacKey, hmacSign, hmacVerify } from "~/lib/crypto";
import { forbidden } from "~/lib/errors";
import { newId } from "~/lib/id";
import { getDb } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { type FeedKeyKind, feedKeys } from "~db/schema";
import { FEED_COPY } from "./copy";

/**
 * The secret keys of a user's private feeds (db/schema/feeds.ts): the calendar subscription and the stream
 * overlay. A key is `<id>.<signature>`: the id is random (newId, crypto.getRandomValues) and stored; the
 * signature is the HMAC-SHA256 of the kind and id under the server's secret, so the database alone does not
 * give a URL away, and a key is checked in constant time (WebCrypto's verify). Regenerating gives the row a new
 * id, so the old key stops resolving at once. Keys are never logged.
 */
const PURPOSE: Record<FeedKeyKind, string> = {
  calendar: "noobrd calendar feed v1",
  overlay: "noobrd stream overlay v1",
};

const ID_PATTERN = /^[0-9a-z]{20}$/;

async function sign(env: Env, kind: FeedKeyKind, id: string): Promise<string> {
  const key = await hmacKey(PURPOSE[kind], sessionSecret(env));
  return `${id}.${await hmacSign(key, `${kind}:${id}`)}`;
}

/** Whether the viewer may hold a key of this kind (pages leave the card out when not). */
export function mayHoldFeedKey(viewer: Viewer, kind: FeedKeyKind): boolean {
  return viewer.isActive && (kind !== "overlay" || viewer.isStreamer);
}

/** Who may hold a key of this kind: any active account for the calendar; streamers for the overlay. */
function assertMayHold(viewer: Viewer, kind: FeedKeyKind) {
  if (!viewer.isActive) throw forbidden(FEED_COPY.notAllowed);
  if (kind === "overlay" && !viewer.isStreamer) throw forbidden(FEED_COPY.streamersOnly);
}

/** The viewer's key of this kind, made on first use (an insert that a concurrent first use may win). */
export async function ensureFeedKey(env: Env, viewer: Viewer, kind: FeedKeyKind): Promise<string> {
  assertMayHold(viewer, kind);
  const db = getDb(env);
  const [row] = await db
    .insert(feedKeys)
    .values({ id: newId(), userId: viewer.id, kind })
    .onConflictDoNothing()
    .returning({ id: feedKeys.id });
  if (row) return sign(env, kind, row.id);
  const [existing] = await db
    .select({ id: feedKeys.id })
    .from(feedKeys)
    .where(and(eq(feedKeys.userId, viewer.id), eq(feedKeys.kind, kind)))
    .limit(1);
  if (!existing) throw new Error("feed key vanished");
  return sign(env, kind, existing.id);
}

/** A new key for the viewer: the old one answers nothing from now on. */
export async function regenerateFeedKey(env: Env, viewer: Viewer, kind: FeedKeyKind): Promise<string> {
  assertMayHold(viewer, kind);
  const id = newId();
  await getDb(env)
    .insert(feedKeys)
    .values({ id, userId: viewer.id, kind })
    .onConflictDoUpdate({ target: [feedKeys.userId, feedKeys.kind], set: { id, createdAt: new Date() } });
  return sign(env, kind, id);
}

/** The user a key of this kind belongs to, or null for a malformed, forged or replaced key. */
export async function userOfFeedKey(env: Env, kind: FeedKeyKind, key: string): Promise<string | null> {
  const dot = key.indexOf(".");
  const id = key.slice(0, dot);
  const signature = key.slice(dot + 1);
  if (dot < 0 || !ID_PATTERN.test(id) || signature.length === 0 || signature.length > 64) return null;
  const hmac = await hmacKey(PURPOSE[kind], sessionSecret(env));
  if (!(await hmacVerify(hmac, `${kind}:${id}`, signature))) return null;
  const [row] = await getDb(env)
    .select({ userId: feedKeys.userId })
    .from(feedKeys)
    .where(and(eq(feedKeys.id, id), eq(feedKeys.kind, kind)))
    .limit(1);
  return row?.userId ?? null;
}
