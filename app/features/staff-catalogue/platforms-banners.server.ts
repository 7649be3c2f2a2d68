import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { storePublicImage } from "~/features/media/index.server";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb, isUniqueViolation } from "~/platform/db.server";
import { banners, gamePlatforms, platforms } from "~db/schema";
import { STAFF_CATALOGUE_COPY } from "./copy";
import { CATALOGUE_IMAGE_MAX_BYTES } from "./rules";
import type { bannerSchema } from "./schema";

/**
 * Platforms (name, machine name, icon) and landing banners (title, description, image, optional link), as staff
 * manage them. Writes are one batch with the audit row and the catalogue version bump (ADR 012).
 */

const image = (env: Env, file: File, folder: string, field: string) =>
  storePublicImage(env, file, {
    folder,
    field,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    tooLarge: STAFF_CATALOGUE_COPY.imageTooLarge,
  });

/** Platforms in display order, with how many games run on each. */
export async function listPlatformsForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "catalogue");
  return getDb(env)
    .select({
      id: platforms.id,
      platformName: platforms.platformName,
      platformIdName: platforms.platformIdName,
      platformIcon: platforms.platformIcon,
      games: sql<number>`(SELECT count(*) FROM ${gamePlatforms} WHERE ${col(gamePlatforms.platformId)} = ${col(platforms.id)})`,
    })
    .from(platforms)
    .orderBy(asc(platforms.sortOrder), asc(platforms.platformName));
}

/** Adds a platform; its machine name comes from its name and must be new. */
export async function addPlatform(env: Env, viewer: Viewer | null, input: { platformName: string }, icon: File | null) {
  assertStaff(viewer, "catalogue");
  const platformIdName = input.platformName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!platformIdName) throw badRequest("Name the platform", "platformName");
  const db = getDb(env);
  const stored = icon ? await image(env, icon, "platforms", "platformIcon") : null;
  const id = newId();
  const last = await db.select({ n: count() }).from(platforms).get();
  try {
    await db.batch([
      db.insert(platforms).values({
        id,
        platformName: input.platformName,
        platformIdName,
        platformIcon: stored?.url ?? null,
        sortOrder: last?.n ?? 0,
      }),
      auditStatement(db, viewer, { action: "platform.create", entity: "platform", entityId: id, after: input }),
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STAFF_CATALOGUE_COPY.platformTaken, "platformName");
    throw error;
  }
  return { id, platformIdName };
}

/** Banners in landing order (the newest last). */
export async function listBannersForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "catalogue");
  return getDb(env).select().from(banners).orderBy(asc(banners.sortOrder), desc(banners.createdAt));
}

/** Adds a banner with its image (required). */
export async function addBanner(
  env: Env,
  viewer: Viewer | null,
  input: ReturnType<typeof bannerSchema.parse>,
  file: File | null,
) {
  assertStaff(viewer, "catalogue");
  if (!file) throw badRequest(STAFF_CATALOGUE_COPY.bannerImageRequired, "image");
  const stored = await image(env, file, "banners", "image");
  const db = getDb(env);
  const id = newId();
  const last = await db.select({ n: count() }).from(banners).get();
  await db.batch([
    db.insert(banners).values({
      id,
      title: input.title,
      description: input.description,
      linkUrl: input.linkUrl ?? null,
      imageUrl: stored.url,
      imageKey: stored.key,
      sortOrder: last?.n ?? 0,
    }),
    auditStatement(db, viewer, { action: "banner.create", entity: "banner", entityId: id, after: input }),
    catalogueChangedStatement(db),
  ]);
  return { id };
}

/** Deletes a banner and its image. */
export async function deleteBanner(env: Env, viewer: Viewer | null, bannerId: string) {
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  const before = await db.select().from(banners).where(eq(banners.id, bannerId)).get();
  if (!before) throw notFound(STAFF_CATALOGUE_COPY.bannerNotFound);
  await db.batch([
    db.delete(banners).where(eq(banners.id, bannerId)),
    auditStatement(db, viewer, { action: "banner.delete", entity: "banner", entityId: bannerId, before }),
    catalogueChangedStatement(db),
  ]);
  if (before.imageKey) await env.MEDIA.delete(before.imageKey);
  return { id: bannerId };
}
