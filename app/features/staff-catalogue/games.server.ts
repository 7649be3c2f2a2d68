import { and, asc, count, eq, notInArray, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertStaff } from "~/features/access";
import { auditStatement } from "~/features/audit/index.server";
import { storePublicImage } from "~/features/media/index.server";
import { conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb, isForeignKeyViolation, isUniqueViolation } from "~/platform/db.server";
import { gameModes, gamePlatforms, games, gigs, liveSessions, platforms } from "~db/schema";
import { STAFF_CATALOGUE_COPY } from "./copy";
import { CATALOGUE_IMAGE_MAX_BYTES } from "./rules";
import type { GameInput } from "./schema";

/**
 * Games as staff manage them (docs/domain.md): name, description, crossplatform, show at landing,
 * modes (name, duration, players), the platforms it runs on, cover image and logo in the public media bucket, and
 * three colours. Every write is one batch with its audit row and the catalogue version bump (ADR 012), so public
 * pages show the change at once. What gigs and live sessions use is protected by the schema's foreign keys (a
 * mode or platform in use cannot be removed, a game in use cannot be deleted): the batch fails whole and the
 * staff member gets a message, nothing half-saved.
 */

export type GameFiles = { image?: File | null; logo?: File | null };

const slugify = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "game";

async function storeGameImages(env: Env, files: GameFiles) {
  const store = (file: File, folder: string, field: string) =>
    storePublicImage(env, file, {
      folder,
      field,
      maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
      tooLarge: STAFF_CATALOGUE_COPY.imageTooLarge,
    });
  const [image, logo] = await Promise.all([
    files.image ? store(files.image, "games", "image") : null,
    files.logo ? store(files.logo, "games/logos", "gameLogo") : null,
  ]);
  return { image, logo };
}

/** A refused batch in words: a duplicate name, or a foreign key (a mode or platform in use, an unknown platform). */
function failedWrite(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(STAFF_CATALOGUE_COPY.gameNameTaken, "name");
  if (isForeignKeyViolation(error)) throw conflict(STAFF_CATALOGUE_COPY.modeInUse, "modes");
  throw error;
}

/** Every game with its mode count and how many gigs use it, by name. */
export async function listGamesForStaff(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  return db
    .select({
      id: games.id,
      name: games.name,
      slug: games.slug,
      imageUrl: games.imageUrl,
      showLanding: games.showLanding,
      crossplatform: games.crossplatform,
      // Written with their tables (col): in a one-table select Drizzle leaves the table out, and "id" inside the
      // subquery would name the mode's or the gig's own id (every game read 0 modes and 0 gigs).
      modes: sql<number>`(SELECT count(*) FROM ${gameModes} WHERE ${col(gameModes.gameId)} = ${col(games.id)})`,
      gigs: sql<number>`(SELECT count(*) FROM ${gigs} WHERE ${col(gigs.gameId)} = ${col(games.id)})`,
    })
    .from(games)
    .orderBy(asc(sql`${games.name} COLLATE NOCASE`));
}

/** One game with its modes and platform ids, for the edit form; 404 when unknown. */
export async function getGameForStaff(env: Env, viewer: Viewer | null, gameId: string) {
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  const [gameRows, modes, platformRows, used] = await db.batch([
    db.select().from(games).where(eq(games.id, gameId)).limit(1),
    db.select().from(gameModes).where(eq(gameModes.gameId, gameId)).orderBy(asc(gameModes.sortOrder)),
    db.select({ platformId: gamePlatforms.platformId }).from(gamePlatforms).where(eq(gamePlatforms.gameId, gameId)),
    db.select({ n: count() }).from(gigs).where(eq(gigs.gameId, gameId)),
  ]);
  const game = gameRows[0];
  if (!game) throw notFound(STAFF_CATALOGUE_COPY.gameNotFound);
  return { game, modes, platformIds: platformRows.map((p) => p.platformId), gigs: used[0]?.n ?? 0 };
}

/** The platforms a game form offers. */
export async function platformChoices(env: Env, viewer: Viewer | null) {
  assertStaff(viewer, "catalogue");
  return getDb(env)
    .select({ id: platforms.id, name: platforms.platformName, icon: platforms.platformIcon })
    .from(platforms)
    .orderBy(asc(platforms.sortOrder), asc(platforms.platformName));
}

const gameColumns = (input: GameInput) => ({
  name: input.name,
  description: input.description,
  crossplatform: input.crossplatform,
  showLanding: input.showLanding,
  primaryColor: input.primaryColor ?? null,
  secondaryColor: input.secondaryColor ?? null,
  alternatColor: input.alternatColor ?? null,
});

/** Adds a game with its modes and platforms (images stored first; the rows in one batch). */
export async function createGame(env: Env, viewer: Viewer | null, input: GameInput, files: GameFiles = {}) {
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  const { image, logo } = await storeGameImages(env, files);
  const id = newId();
  const base = slugify(input.name);
  const taken = await db.select({ id: games.id }).from(games).where(eq(games.slug, base)).get();
  const slug = taken ? `${base}-${id.slice(0, 6)}` : base;
  const now = new Date();
  try {
    await db.batch([
      db.insert(games).values({
        id,
        slug,
        ...gameColumns(input),
        imageUrl: image?.url ?? null,
        imageFilename: image?.key ?? null,
        gameLogo: logo?.url ?? null,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(gameModes).values(
        input.modes.map((mode, index) => ({
          id: newId(),
          gameId: id,
          name: mode.name,
          durationMinutes: mode.durationMinutes,
          noOfPlayers: mode.noOfPlayers,
          sortOrder: index,
        })),
      ),
      db.insert(gamePlatforms).values(input.platformIds.map((platformId) => ({ gameId: id, platformId }))),
      auditStatement(db, viewer, { action: "game.create", entity: "game", entityId: id, after: input }, now),
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    failedWrite(error);
  }
  return { id, slug };
}

/**
 * Updates a game: its fields, its modes (kept by id, new ones added, missing ones removed) and its platforms
 * (missing ones removed, new ones added); a new image or logo replaces the old. One batch: removing a mode or a
 * platform that gigs use fails the whole edit (foreign keys), with a message.
 */
export async function updateGame(
  env: Env,
  viewer: Viewer | null,
  gameId: string,
  input: GameInput,
  files: GameFiles = {},
) {
  const before = await getGameForStaff(env, viewer, gameId);
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  const { image, logo } = await storeGameImages(env, files);
  const now = new Date();
  const ownModeIds = new Set(before.modes.map((m) => m.id));
  const kept = input.modes.filter((m) => m.id && ownModeIds.has(m.id)).map((m) => m.id as string);
  try {
    await db.batch([
      db
        .update(games)
        .set({
          ...gameColumns(input),
          ...(image ? { imageUrl: image.url, imageFilename: image.key } : {}),
          ...(logo ? { gameLogo: logo.url } : {}),
          updatedAt: now,
        })
        .where(eq(games.id, gameId)),
      db
        .delete(gameModes)
        .where(and(eq(gameModes.gameId, gameId), kept.length ? notInArray(gameModes.id, kept) : sql`1 = 1`)),
      ...input.modes.map((mode, index) =>
        mode.id && ownModeIds.has(mode.id)
          ? db
              .update(gameModes)
              .set({
                name: mode.name,
                durationMinutes: mode.durationMinutes,
                noOfPlayers: mode.noOfPlayers,
                sortOrder: index,
              })
              .where(and(eq(gameModes.id, mode.id), eq(gameModes.gameId, gameId)))
          : db.insert(gameModes).values({
              id: newId(),
              gameId,
              name: mode.name,
              durationMinutes: mode.durationMinutes,
              noOfPlayers: mode.noOfPlayers,
              sortOrder: index,
            }),
      ),
      db
        .delete(gamePlatforms)
        .where(and(eq(gamePlatforms.gameId, gameId), notInArray(gamePlatforms.platformId, input.platformIds))),
      db
        .insert(gamePlatforms)
        .values(input.platformIds.map((platformId) => ({ gameId, platformId })))
        .onConflictDoNothing(),
      auditStatement(
        db,
        viewer,
        {
          action: "game.update",
          entity: "game",
          entityId: gameId,
          before: { game: before.game, modes: before.modes, platformIds: before.platformIds },
          after: input,
        },
        now,
      ),
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    failedWrite(error);
  }
  const replaced = [image ? before.game.imageFilename : null, logo ? mediaKey(before.game.gameLogo) : null];
  await Promise.all(replaced.filter((key): key is string => !!key).map((key) => env.MEDIA.delete(key)));
  return { id: gameId };
}

const mediaKey = (url: string | null) => (url?.startsWith("/media/") ? url.slice("/media/".length) : null);

/**
 * Deletes a game nobody uses: refused (409, with docs/domain.md's message) while gigs or live sessions reference it.
 * The foreign keys decide under a race; the count only words the refusal.
 */
export async function deleteGame(env: Env, viewer: Viewer | null, gameId: string) {
  const before = await getGameForStaff(env, viewer, gameId);
  assertStaff(viewer, "catalogue");
  const db = getDb(env);
  const live = await db.select({ n: count() }).from(liveSessions).where(eq(liveSessions.gameId, gameId)).get();
  if (before.gigs > 0 || (live?.n ?? 0) > 0) throw conflict(STAFF_CATALOGUE_COPY.gameInUse);
  try {
    await db.batch([
      db.delete(games).where(eq(games.id, gameId)),
      auditStatement(db, viewer, { action: "game.delete", entity: "game", entityId: gameId, before: before.game }),
      catalogueChangedStatement(db),
    ]);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(STAFF_CATALOGUE_COPY.gameInUse);
    throw error;
  }
  const keys = [before.game.imageFilename, mediaKey(before.game.gameLogo)].filter((k): k is string => !!k);
  await Promise.all(keys.map((key) => env.MEDIA.delete(key)));
  return { id: gameId };
}
