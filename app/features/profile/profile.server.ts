import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { assertOwnAccount, type Viewer } from "~/features/access";
import { appError } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { type Db, getDb } from "~/platform/db.server";
import { enforceRateLimit } from "~/platform/rate-limit.server";
import { reports, userGamertags, users } from "~db/schema";
import { PROFILE_COPY } from "./copy";
import { sniffImage } from "./picture";
import { REPORT_RATE_LIMIT } from "./rules";
import { GAMERTAGS_MAX, PICTURE_MAX_BYTES, type SocialNetwork } from "./schema";

/** The caller's own profile by id (the API names the id): another user's id is refused (403). */
export async function getOwnProfile(env: Env, viewer: Viewer, userId: string) {
  assertOwnAccount(viewer, userId);
  return getProfile(env, viewer.id);
}

export async function getProfile(env: Env, userId: string) {
  const db = getDb(env);
  const [user, gamertags] = await db.batch([
    db
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        email: users.email,
        country: users.country,
        baseCurrency: users.baseCurrency,
        bio: users.bio,
        socialLinks: users.socialLinks,
        pictureUrl: users.pictureUrl,
        isStreamer: users.isStreamer,
        role: users.role,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ id: userGamertags.id, platform: userGamertags.platform, tag: userGamertags.tag })
      .from(userGamertags)
      .where(eq(userGamertags.userId, userId))
      .orderBy(userGamertags.createdAt),
  ]);
  const row = user[0];
  return row ? { ...row, gamertags } : null;
}

/**
 * A star's name, bio, picture, links and gamertags show on their public pages, which the edge cache keeps:
 * each write below goes in one batch with the catalogue-version bump (docs/decisions/012-edge-cache-and-read-replicas.md).
 */
export async function updateBio(env: Env, userId: string, bio: string) {
  const db = getDb(env);
  await db.batch([db.update(users).set({ bio }).where(eq(users.id, userId)), catalogueChangedStatement(db)]);
}

/** Replaces the links; empty ones are dropped. */
export async function updateSocialLinks(env: Env, userId: string, links: Partial<Record<SocialNetwork, string>>) {
  const kept = Object.fromEntries(Object.entries(links).filter(([, url]) => !!url));
  const db = getDb(env);
  await db.batch([
    db.update(users).set({ socialLinks: kept }).where(eq(users.id, userId)),
    catalogueChangedStatement(db),
  ]);
  return kept;
}

/** Removes one link in the database itself (json_remove), so concurrent edits of other links survive. */
export async function deleteSocialLink(env: Env, userId: string, key: SocialNetwork) {
  const db = getDb(env);
  await db.batch([
    db
      .update(users)
      .set({ socialLinks: sql`json_remove(${users.socialLinks}, ${`$.${key}`})` })
      .where(eq(users.id, userId)),
    catalogueChangedStatement(db),
  ]);
}

/** Replaces the user's gamertags in one atomic batch. */
export async function replaceGamertags(env: Env, userId: string, gamertags: { platform: string; tag: string }[]) {
  const db = getDb(env);
  const unique = [...new Map(gamertags.map((g) => [`${g.platform}:${g.tag}`, g])).values()];
  await db.batch([
    db.delete(userGamertags).where(eq(userGamertags.userId, userId)),
    ...unique.map((g) =>
      db.insert(userGamertags).values({
        id: newId(),
        userId,
        platform: g.platform as (typeof userGamertags.$inferInsert)["platform"],
        tag: g.tag,
      }),
    ),
    catalogueChangedStatement(db),
  ]);
}

/**
 * Saves a gamer tag the user gave elsewhere (joining a live queue) under `network` (SQL: a network of
 * GAMERTAG_PLATFORMS), for that use case's batch: only when they have not saved this tag under any network yet and
 * keep fewer than GAMERTAGS_MAX; else it writes nothing.
 */
export function saveGamertagStatement(
  db: Db,
  input: {
    id: string | Placeholder;
    userId: string | Placeholder;
    tag: string | Placeholder;
    network: SQL;
    at: number | Placeholder;
  },
) {
  const tag = sql`trim(${input.tag})`;
  return db.insert(userGamertags).select(
    db
      .select({
        id: sql<string>`${input.id}`.as("id"),
        userId: sql<string>`${input.userId}`.as("user_id"),
        platform: sql<(typeof userGamertags.$inferInsert)["platform"]>`${input.network}`.as("platform"),
        tag: sql<string>`${tag}`.as("tag"),
        createdAt: sql<Date>`${input.at}`.as("created_at"),
      })
      .from(sql`(SELECT 1)`)
      .where(
        sql`${tag} <> '' AND NOT EXISTS (SELECT 1 FROM user_gamertags g WHERE g.user_id = ${input.userId} AND g.tag = ${tag})
          AND (SELECT count(*) FROM user_gamertags g WHERE g.user_id = ${input.userId}) < ${GAMERTAGS_MAX}`,
      ),
  );
}

/**
 * Stores a profile picture in the public media bucket under a random key, after checking its size and its
 * real type by content (png or jpeg). The previous picture is deleted.
 */
export async function uploadPicture(env: Env, userId: string, file: File): Promise<{ url: string }> {
  if (file.size === 0) throw appError(400, "Please choose an image");
  if (file.size > PICTURE_MAX_BYTES) throw appError(413, "The image must be at most 2 MB");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = sniffImage(bytes);
  if (!image) throw appError(415, "Please select a valid image file");
  const key = `avatars/${newId()}.${image.ext}`;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" },
  });
  const db = getDb(env);
  const previous = await db.select({ key: users.pictureKey }).from(users).where(eq(users.id, userId)).get();
  const url = `/media/${key}`;
  await db.batch([
    db.update(users).set({ pictureKey: key, pictureUrl: url }).where(eq(users.id, userId)),
    catalogueChangedStatement(db),
  ]);
  if (previous?.key) await env.MEDIA.delete(previous.key);
  return { url };
}

export async function reportUser(
  env: Env,
  reporterId: string,
  input: { reportedUserId: string; reason: string; details?: string },
): Promise<void> {
  if (input.reportedUserId === reporterId) throw appError(400, PROFILE_COPY.reportSelf);
  await enforceRateLimit(
    env,
    [{ key: `report:account:${reporterId}`, ...REPORT_RATE_LIMIT }],
    PROFILE_COPY.reportTooMany,
  );
  const db = getDb(env);
  const reportId = newId();
  // One conditional insert: only a regular user can be reported, and a reporter has at most one pending
  // report of an account (reports_pending_once_unique; a second one is a no-op). The same batch reads the
  // target and whether this insert happened, to say why not.
  const [, targetRows, insertedRows] = await db.batch([
    db
      .insert(reports)
      .select(
        db
          .select({
            id: sql<string>`${reportId}`.as("id"),
            reporterId: sql<string>`${reporterId}`.as("reporter_id"),
            reportedUserId: users.id,
            reason: sql<string>`${input.reason}`.as("reason"),
            details: sql<string | null>`${input.details ?? null}`.as("details"),
            status: sql<"pending">`'pending'`.as("status"),
            createdAt: sql<Date>`${Date.now()}`.as("created_at"),
            reviewedAt: sql<Date | null>`NULL`.as("reviewed_at"),
            reviewedBy: sql<string | null>`NULL`.as("reviewed_by"),
          })
          .from(users)
          .where(and(eq(users.id, input.reportedUserId), eq(users.role, "user"))),
      )
      .onConflictDoNothing(),
    db.select({ role: users.role }).from(users).where(eq(users.id, input.reportedUserId)),
    db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId)),
  ]);
  if (insertedRows.length === 1) return;
  const target = targetRows[0];
  if (!target) throw appError(404, PROFILE_COPY.reportUnknown);
  if (target.role !== "user") throw appError(403, PROFILE_COPY.reportStaff);
  throw appError(409, PROFILE_COPY.reportAgain);
}

/** Records the viewer's address; naming another user's id is refused before anything is written. */
export async function storeUserIp(env: Env, viewer: Viewer, userId: string, ip: string) {
  assertOwnAccount(viewer, userId);
  await getDb(env).update(users).set({ lastIp: ip }).where(eq(users.id, viewer.id));
}

export async function updateNames(env: Env, userId: string, fullName: string) {
  const db = getDb(env);
  await db.batch([db.update(users).set({ fullName }).where(eq(users.id, userId)), catalogueChangedStatement(db)]);
}
