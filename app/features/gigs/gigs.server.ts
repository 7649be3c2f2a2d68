import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, like, sql } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness, assertReadBusiness } from "~/features/access";
import { baseCurrencyFor } from "~/features/currency";
import { getUsdInrRate } from "~/features/currency/index.server";
import { AppError, conflict, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import { money } from "~/lib/money";
import { toUsdMinor } from "~/lib/money-math";
import { pageInfo } from "~/lib/paging";
import { priceBoundBreach } from "~/lib/price-bounds";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { col, getDb, named } from "~/platform/db.server";
import { bookings, gameModes, gamePlatforms, games, gigs, gigTags, orders, platforms, slots } from "~db/schema";
import { GIG_COPY } from "./copy";
import { storeCover } from "./cover.server";
import { type GigInput, priceBoundMessage, priceToMinor } from "./schema";

/** The streamer's base currency (docs/domain.md): INR for country IN, else USD. */
export function streamerCurrency(viewer: Viewer) {
  return baseCurrencyFor(viewer.country);
}

/** Games with their modes and platforms, for the gig form's choices (mode and platform depend on the game). */
export async function gigFormOptions(env: Env) {
  const db = getDb(env);
  const [gameRows, modeRows, platformRows] = await db.batch([
    db.select({ id: games.id, name: games.name }).from(games).orderBy(asc(games.name)),
    db
      .select(
        named({
          id: gameModes.id,
          gameId: gameModes.gameId,
          name: gameModes.name,
          noOfPlayers: gameModes.noOfPlayers,
          durationMinutes: gameModes.durationMinutes,
        }),
      )
      .from(gameModes)
      .orderBy(asc(gameModes.sortOrder), asc(gameModes.name)),
    db
      .select(named({ gameId: gamePlatforms.gameId, id: platforms.id, name: platforms.platformName }))
      .from(gamePlatforms)
      .innerJoin(platforms, eq(platforms.id, gamePlatforms.platformId))
      .orderBy(asc(platforms.sortOrder)),
  ]);
  return gameRows.map((game) => ({
    ...game,
    modes: modeRows.filter((mode) => mode.gameId === game.id).map(({ gameId: _g, ...mode }) => mode),
    platforms: platformRows.filter((p) => p.gameId === game.id).map(({ gameId: _g, ...p }) => p),
  }));
}

const tagsOf = sql<
  string | null
>`(SELECT group_concat(${sql.identifier("tag")}, char(31)) FROM ${gigTags} WHERE ${gigTags.gigId} = ${col(gigs.id)})`;

const gigFields = {
  id: gigs.id,
  streamerId: gigs.streamerId,
  title: gigs.title,
  description: gigs.description,
  gameId: gigs.gameId,
  gameName: games.name,
  gameModeId: gigs.gameModeId,
  modeName: gameModes.name,
  platformId: gigs.platformId,
  platformName: platforms.platformName,
  listPriceMinor: gigs.listPriceMinor,
  baseCurrency: gigs.baseCurrency,
  requirements: gigs.requirements,
  sessionMinutes: gigs.sessionMinutes,
  coverImageUrl: gigs.coverImageUrl,
  archivedAt: gigs.archivedAt,
  createdAt: gigs.createdAt,
  tags: tagsOf,
};

function gigsQuery(db: ReturnType<typeof getDb>) {
  return db
    .select(named(gigFields))
    .from(gigs)
    .innerJoin(games, eq(games.id, gigs.gameId))
    .innerJoin(gameModes, eq(gameModes.id, gigs.gameModeId))
    .innerJoin(platforms, eq(platforms.id, gigs.platformId));
}

type GigRow = Awaited<ReturnType<ReturnType<typeof gigsQuery>["all"]>>[number];
export type OwnGig = Omit<GigRow, "tags"> & { tags: string[] };

function withTags(row: GigRow): OwnGig {
  return { ...row, tags: row.tags ? row.tags.split("\u001f") : [] };
}

/** The gigs of an influencer, active or archived (the inactive list), newest first, optionally filtered by title. */
export async function listGigs(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
  options: { archived: boolean; filter?: string; page?: number; limit?: number },
) {
  assertReadBusiness(viewer, streamerId, "influencers");
  const db = getDb(env);
  const page = options.page ?? 1;
  const limit = options.limit ?? 15;
  const where = and(
    eq(gigs.streamerId, streamerId),
    options.archived ? isNotNull(gigs.archivedAt) : isNull(gigs.archivedAt),
    options.filter ? like(gigs.title, `%${options.filter.replace(/[%_]/g, "")}%`) : undefined,
  );
  const [rows, total] = await db.batch([
    gigsQuery(db)
      .where(where)
      .orderBy(desc(gigs.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(gigs).where(where),
  ]);
  const totalItems = total[0]?.n ?? 0;
  const upcoming = await upcomingBookingCounts(
    db,
    rows.map((row) => row.id),
  );
  return {
    gigs: rows.map((row) => ({
      ...withTags(row),
      listPrice: money(row.listPriceMinor, row.baseCurrency),
      upcomingBookings: upcoming.get(row.id) ?? 0,
    })),
    ...pageInfo(totalItems, page, limit),
  };
}

/** Confirmed bookings of slots not yet started, per gig (what archiving a gig leaves in place). */
async function upcomingBookingCounts(db: ReturnType<typeof getDb>, gigIds: string[], now = new Date()) {
  if (gigIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ gigId: slots.gigId, n: count() })
    .from(bookings)
    .innerJoin(slots, eq(slots.id, bookings.slotId))
    .where(
      and(
        inArray(slots.gigId, gigIds),
        eq(bookings.status, "confirmed"),
        sql`${slots.status} <> 'cancelled'`,
        gt(slots.startsAt, now),
      ),
    )
    .groupBy(slots.gigId);
  return new Map(rows.map((row) => [row.gigId ?? "", row.n]));
}

/** How many upcoming bookings a gig of the viewer's own has (the archive question says so). */
export async function gigUpcomingBookings(env: Env, viewer: Viewer | null, gigId: string): Promise<number> {
  const owner = await ownerOf(env, gigId);
  assertReadBusiness(viewer, owner.streamerId, "influencers");
  return (await upcomingBookingCounts(getDb(env), [gigId])).get(gigId) ?? 0;
}

/** One gig of the viewer's own (for editing); another streamer's gig is refused. */
export async function getOwnGig(env: Env, viewer: Viewer | null, gigId: string): Promise<OwnGig> {
  const db = getDb(env);
  const row = await gigsQuery(db).where(eq(gigs.id, gigId)).get();
  if (!row) throw notFound(GIG_COPY.notFound);
  assertReadBusiness(viewer, row.streamerId, "influencers");
  return withTags(row);
}

async function ownerOf(env: Env, gigId: string) {
  const row = await getDb(env)
    .select({ streamerId: gigs.streamerId, coverImageKey: gigs.coverImageKey })
    .from(gigs)
    .where(eq(gigs.id, gigId))
    .get();
  if (!row) throw notFound(GIG_COPY.notFound);
  return row;
}

/** Checks that the mode and platform belong to the game (the FKs would refuse it too, but with no message). */
export async function assertGameChoice(
  env: Env,
  input: Pick<GigInput, "_game_id" | "_game_mode_id" | "_platform_playing_on_id">,
) {
  const db = getDb(env);
  const [mode, platform] = await db.batch([
    db
      .select({ id: gameModes.id })
      .from(gameModes)
      .where(and(eq(gameModes.id, input._game_mode_id), eq(gameModes.gameId, input._game_id))),
    db
      .select({ id: gamePlatforms.platformId })
      .from(gamePlatforms)
      .where(
        and(eq(gamePlatforms.gameId, input._game_id), eq(gamePlatforms.platformId, input._platform_playing_on_id)),
      ),
  ]);
  if (!mode[0]) throw new AppError(422, GIG_COPY.modeNotOfGame, "_game_mode_id");
  if (!platform[0]) throw new AppError(422, GIG_COPY.platformNotOfGame, "_platform_playing_on_id");
}

/**
 * The typed price as it is stored (db/schema/gigs.ts): exactly as typed, in the streamer's currency
 * (`listPriceMinor`, `baseCurrency`), and its USD figure at today's stored rate for sorting by price
 * (`priceMinor`). Gigs and VIP prices alike. A price outside its currency's bounds (app/lib/price-bounds.ts) is
 * refused here too, with the form's message, whoever calls: the schemas refuse it first, the database last.
 */
export async function priceAsSet(env: Env, viewer: Viewer, price: string) {
  const currency = streamerCurrency(viewer);
  const minor = priceToMinor(price);
  const breach = priceBoundBreach({ amountMinor: minor, currency });
  if (breach) throw new AppError(422, priceBoundMessage(currency, breach), "price");
  if (currency === "USD") return { listPriceMinor: minor, baseCurrency: currency, priceMinor: minor };
  const rate = await getUsdInrRate(env);
  if (!rate || rate.rateMicros <= 0) throw new AppError(503, GIG_COPY.rateUnavailable);
  return {
    listPriceMinor: minor,
    baseCurrency: currency,
    priceMinor: Math.max(1, toUsdMinor(minor, currency, rate.rateMicros)),
  };
}

function columnsOf(input: GigInput) {
  return {
    title: input.product_title,
    description: input.product_desc,
    gameId: input._game_id,
    gameModeId: input._game_mode_id,
    platformId: input._platform_playing_on_id,
    requirements: input.requirements,
    sessionMinutes: input.session_minutes ?? null,
  };
}

export async function createGig(env: Env, viewer: Viewer | null, input: GigInput, cover: File | null) {
  if (!viewer) throw notFound();
  assertManageBusiness(viewer, viewer.id);
  await assertGameChoice(env, input);
  const price = await priceAsSet(env, viewer, input.price);
  const image = cover ? await storeCover(env, cover) : null;
  const db = getDb(env);
  const id = newId();
  await db.batch([
    db.insert(gigs).values({
      id,
      streamerId: viewer.id,
      ...columnsOf(input),
      ...price,
      coverImageKey: image?.key ?? null,
      coverImageUrl: image?.url ?? null,
    }),
    ...input.session_tags.map((tag) => db.insert(gigTags).values({ gigId: id, tag })),
    // Every write below changes what anonymous catalogue pages show (docs/decisions/012).
    catalogueChangedStatement(db),
  ]);
  return { id };
}

export async function updateGig(env: Env, viewer: Viewer | null, gigId: string, input: GigInput, cover: File | null) {
  const owner = await ownerOf(env, gigId);
  assertManageBusiness(viewer, owner.streamerId);
  if (!viewer) throw notFound();
  await assertGameChoice(env, input);
  const price = await priceAsSet(env, viewer, input.price);
  const image = cover ? await storeCover(env, cover) : null;
  const db = getDb(env);
  await db.batch([
    db
      .update(gigs)
      .set({
        ...columnsOf(input),
        ...price,
        ...(image ? { coverImageKey: image.key, coverImageUrl: image.url } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(gigs.id, gigId), eq(gigs.streamerId, viewer.id))),
    db.delete(gigTags).where(eq(gigTags.gigId, gigId)),
    ...input.session_tags.map((tag) => db.insert(gigTags).values({ gigId, tag })),
    catalogueChangedStatement(db),
  ]);
  if (image && owner.coverImageKey) await env.MEDIA.delete(owner.coverImageKey);
  return { id: gigId };
}

/** Archived gigs leave browse and search at once (every public list reads `archived_at IS NULL`). */
export async function setGigArchived(env: Env, viewer: Viewer | null, gigId: string, archived: boolean) {
  const owner = await ownerOf(env, gigId);
  assertManageBusiness(viewer, owner.streamerId);
  const db = getDb(env);
  await db.batch([
    db
      .update(gigs)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(
        and(
          eq(gigs.id, gigId),
          eq(gigs.streamerId, owner.streamerId),
          archived ? isNull(gigs.archivedAt) : isNotNull(gigs.archivedAt),
        ),
      ),
    catalogueChangedStatement(db),
  ]);
  return { id: gigId, archived };
}

/**
 * Deletes a gig that no one ever booked. A gig with orders on any of its slots (paid future bookings among
 * them) is refused, in the delete itself (NOT EXISTS), so a booking that lands meanwhile cannot be orphaned:
 * the streamer archives it instead. Its unbooked slots go with it.
 */
export async function deleteGig(env: Env, viewer: Viewer | null, gigId: string) {
  const owner = await ownerOf(env, gigId);
  assertManageBusiness(viewer, owner.streamerId);
  const db = getDb(env);
  const [deleted] = await db.batch([
    db
      .delete(gigs)
      .where(
        and(
          eq(gigs.id, gigId),
          eq(gigs.streamerId, owner.streamerId),
          sql`NOT EXISTS (SELECT 1 FROM ${orders} INNER JOIN ${slots} ON ${slots.id} = ${orders.slotId} WHERE ${slots.gigId} = ${col(gigs.id)})`,
        ),
      )
      .returning({ id: gigs.id }),
    catalogueChangedStatement(db),
  ]);
  if (deleted.length === 0) throw conflict(GIG_COPY.deleteHasBookings);
  if (owner.coverImageKey) await env.MEDIA.delete(owner.coverImageKey);
  return { id: gigId };
}
