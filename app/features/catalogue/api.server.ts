import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { displayCurrency } from "~/features/currency/currency";
import { usdInrRateQuery } from "~/features/currency/rate-query.server";
import { PAGE_SIZE } from "~/lib/constants";
import type { DisplayCurrency } from "~/lib/money";
import { jsonError } from "~/platform/http.server";
import {
  gameModes,
  gamePlatforms,
  games,
  liveSessions,
  liveSessionTags,
  platforms,
  queueEntries,
  users,
} from "../../../db/schema";
import { gameJson, gigJson, liveJson, modeJson, pageJson, sessionJson, starJson } from "./api-shape";
import {
  creatorsCountQuery,
  creatorsListQuery,
  gamesCountQuery,
  gamesListQuery,
  gigsCountQuery,
  gigsListQuery,
  liveListQuery,
  liveTagOptionsQuery,
  toPage,
} from "./browse.server";
import { gameCardColumns, liveCardColumns } from "./columns.server";
import { bannersQuery, LANDING_LIMITS, landingGamesQuery, popularGigsQuery, popularStarsQuery } from "./landing.server";
import { type CatalogueRequest, catalogueRequest } from "./request.server";
import {
  creatorsQuerySchema,
  gamesQuerySchema,
  gigsQuerySchema,
  liveQuerySchema,
  parseQuery,
  sessionsQuerySchema,
} from "./schema";
import {
  starSessionsCountQuery,
  starSessionsQuery,
  upcomingSessionsQuery,
  viewerUpcomingSessionsQuery,
} from "./sessions.server";
import { gameDetailQuery, gameModesQuery, gamePlatformsQuery, starProfileQuery } from "./views.server";

/**
 * The Browse calls of SPEC.md section 7 as JSON. Route modules in app/routes/api/ stay one line each; the
 * lists are the same queries the pages run (app/features/catalogue/browse.server.ts).
 */
type Args = { request: Request; context: Readonly<RouterContextProvider> };

const ok = (body: Record<string, unknown>) => Response.json({ success: true, ...body });

function display(req: CatalogueRequest, rateMicros: number | null): DisplayCurrency {
  return displayCurrency(req.currencyCode, rateMicros);
}

export async function gigsForScroll({ request, context }: Args, { paginated }: { paginated: boolean }) {
  const parsed = parseQuery(gigsQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  if (parsed.value.isFavClicked && !req.viewer) return jsonError(401, "Not logged in");
  const viewerId = req.viewer?.id ?? null;
  const list = gigsListQuery(req.db, parsed.value, viewerId);
  if (!paginated) {
    const [rows, rate] = await req.db.batch([list, usdInrRateQuery(req.db)]);
    const currency = display(req, rate[0]?.rateMicros ?? null);
    return Response.json(pageJson(toPage(rows, parsed.value, "gigs"), (gig) => gigJson(gig, currency)));
  }
  const [rows, rate, totals] = await req.db.batch([
    list,
    usdInrRateQuery(req.db),
    gigsCountQuery(req.db, parsed.value, viewerId),
  ]);
  const currency = display(req, rate[0]?.rateMicros ?? null);
  const total = totals[0]?.total ?? 0;
  return Response.json(pageJson(toPage(rows, parsed.value, "gigs"), (gig) => gigJson(gig, currency), total));
}

export async function gamesForScroll({ request, context }: Args, { paginated }: { paginated: boolean }) {
  const parsed = parseQuery(gamesQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  if (parsed.value.isFavClicked && !req.viewer) return jsonError(401, "Not logged in");
  const viewerId = req.viewer?.id ?? null;
  if (!paginated) {
    const rows = await gamesListQuery(req.db, parsed.value, viewerId);
    return Response.json(pageJson(toPage(rows, parsed.value, "games"), (game) => gameJson(game)));
  }
  const [rows, totals] = await req.db.batch([
    gamesListQuery(req.db, parsed.value, viewerId),
    gamesCountQuery(req.db, parsed.value, viewerId),
  ]);
  const total = totals[0]?.total ?? 0;
  return Response.json(pageJson(toPage(rows, parsed.value, "games"), (game) => gameJson(game), total));
}

export async function creatorsForScroll({ request, context }: Args, { paginated }: { paginated: boolean }) {
  const parsed = parseQuery(creatorsQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  if (parsed.value.isFavClicked && !req.viewer) return jsonError(401, "Not logged in");
  const viewerId = req.viewer?.id ?? null;
  if (!paginated) {
    const rows = await creatorsListQuery(req.db, parsed.value, viewerId);
    return Response.json(pageJson(toPage(rows, parsed.value, "creators"), starJson));
  }
  const [rows, totals] = await req.db.batch([
    creatorsListQuery(req.db, parsed.value, viewerId),
    creatorsCountQuery(req.db, parsed.value, viewerId),
  ]);
  const total = totals[0]?.total ?? 0;
  return Response.json(pageJson(toPage(rows, parsed.value, "creators"), starJson, total));
}

/** GET /api/get/liveSessions: the sessions live now, with the live browse filters. */
export async function liveSessionsList({ request, context }: Args) {
  const parsed = parseQuery(liveQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  if (parsed.value.isFavClicked && !req.viewer) return jsonError(401, "Not logged in");
  const [rows, rate] = await req.db.batch([
    liveListQuery(req.db, parsed.value, req.viewer?.id ?? null),
    usdInrRateQuery(req.db),
  ]);
  const currency = display(req, rate[0]?.rateMicros ?? null);
  return Response.json(pageJson(toPage(rows, parsed.value, "live"), (live) => liveJson(live, currency)));
}

/** GET /api/get/game/:id: a game with its modes and platforms. */
export async function gameById({ request, context }: Args, id: string) {
  const req = await catalogueRequest(request, context);
  const [gameRows, modes, platformRows] = await req.db.batch([
    gameDetailQuery(req.db, id, req.viewer?.id ?? null),
    gameModesQuery(req.db, id),
    gamePlatformsQuery(req.db, id),
  ]);
  const game = gameRows[0];
  if (!game) return jsonError(404, "Game not found");
  return ok({ data: gameJson(game, { modes, platforms: platformRows }) });
}

export async function modesOfGame({ context, request }: Args, gameId: string) {
  const req = await catalogueRequest(request, context);
  const [gameRows, modes] = await req.db.batch([gameDetailQuery(req.db, gameId, null), gameModesQuery(req.db, gameId)]);
  if (!gameRows[0]) return jsonError(404, "Game not found");
  return ok({ data: modes.map(modeJson) });
}

export async function modeById({ context, request }: Args, id: string) {
  const req = await catalogueRequest(request, context);
  const mode = await req.db
    .select({
      id: gameModes.id,
      gameId: gameModes.gameId,
      name: gameModes.name,
      durationMinutes: gameModes.durationMinutes,
      noOfPlayers: gameModes.noOfPlayers,
    })
    .from(gameModes)
    .where(eq(gameModes.id, id))
    .get();
  if (!mode) return jsonError(404, "Game mode not found");
  return ok({ data: { ...modeJson(mode), _game_id: mode.gameId } });
}

export async function allPlatforms({ context, request }: Args) {
  const req = await catalogueRequest(request, context);
  const rows = await req.db
    .select({
      id: platforms.id,
      name: platforms.platformName,
      key: platforms.platformIdName,
      icon: platforms.platformIcon,
    })
    .from(platforms)
    .orderBy(asc(platforms.sortOrder), asc(platforms.platformName));
  return ok({
    data: rows.map((row) => ({
      _id: row.id,
      platform_name: row.name,
      platform_id_name: row.key,
      platform_icon: row.icon,
    })),
  });
}

/** GET /api/get/pastsessions/:userId and /upcomingsessions/:userId: a star's sessions, 6 a page. */
export async function starSessions({ request, context }: Args, starId: string, when: "upcoming" | "past") {
  const parsed = parseQuery(sessionsQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  const now = new Date();
  const limit = parsed.value.limit ?? PAGE_SIZE.sessions;
  const [star, rows, totals, rate] = await req.db.batch([
    starProfileQuery(req.db, starId, null),
    starSessionsQuery(req.db, starId, when, { page: parsed.value.page, limit, now, order: parsed.value.sortOption }),
    starSessionsCountQuery(req.db, starId, when, now),
    usdInrRateQuery(req.db),
  ]);
  if (!star[0]) return jsonError(404, "Star not found");
  const currency = display(req, rate[0]?.rateMicros ?? null);
  const page = toPage(rows, { page: parsed.value.page, limit }, "gigs");
  const totalSessions = totals[0]?.total ?? 0;
  return Response.json({
    ...pageJson(page, (session) => sessionJson(session, currency), totalSessions),
    totalSessions,
  });
}

/** GET /api/get/livesessions/active/:id: the star's open live session. */
export async function activeLiveSession({ request, context }: Args, starId: string) {
  const req = await catalogueRequest(request, context);
  const [rows, rate] = await req.db.batch([
    req.db
      .select(liveCardColumns(req.viewer?.id ?? null))
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.influencerId))
      .innerJoin(games, eq(games.id, liveSessions.gameId))
      .where(and(eq(liveSessions.influencerId, starId), isNull(liveSessions.endedAt)))
      .limit(1),
    usdInrRateQuery(req.db),
  ]);
  const live = rows[0];
  if (!live) return jsonError(404, "not found");
  return ok({ data: liveJson(live, display(req, rate[0]?.rateMicros ?? null)) });
}

/** GET /api/get-hash-tags: the tags of the sessions live now. */
export async function hashTags({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const rows = await liveTagOptionsQuery(req.db);
  return ok({ data: rows.map((row) => row.tag) });
}

/** GET /api/get/liveSessionTags/:id */
export async function liveSessionTagsOf({ request, context }: Args, liveSessionId: string) {
  const req = await catalogueRequest(request, context);
  const rows = await req.db
    .select({ tag: liveSessionTags.tag })
    .from(liveSessionTags)
    .where(eq(liveSessionTags.liveSessionId, liveSessionId))
    .orderBy(asc(liveSessionTags.tag));
  return ok({ data: rows.map((row) => ({ name: row.tag })) });
}

/** GET /api/user/live-queues-joined: live sessions whose queue the viewer joined, newest first. */
export async function liveQueuesJoined({ request, context }: Args) {
  const parsed = parseQuery(sessionsQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const req = await catalogueRequest(request, context);
  if (!req.viewer) return jsonError(401, "Not logged in");
  const limit = parsed.value.limit ?? PAGE_SIZE.joinedLiveQueue;
  const rows = await req.db
    .select({
      id: queueEntries.id,
      lane: queueEntries.lane,
      state: queueEntries.state,
      position: queueEntries.position,
      joinedAt: queueEntries.joinedAt,
      liveSessionId: liveSessions.id,
      title: liveSessions.title,
      endedAt: liveSessions.endedAt,
      starId: liveSessions.influencerId,
    })
    .from(queueEntries)
    .innerJoin(liveSessions, eq(liveSessions.id, queueEntries.liveSessionId))
    .where(eq(queueEntries.userId, req.viewer.id))
    .orderBy(desc(queueEntries.joinedAt))
    .limit(limit + 1)
    .offset((parsed.value.page - 1) * limit);
  const page = toPage(rows, { page: parsed.value.page, limit }, "gigs");
  return Response.json(
    pageJson(page, (entry) => ({
      _id: entry.id,
      lane: entry.lane,
      state: entry.state,
      position: entry.position,
      joinedAt: entry.joinedAt.toISOString(),
      liveSession: {
        _id: entry.liveSessionId,
        title: entry.title,
        isLive: entry.endedAt === null,
        _influencer_id: entry.starId,
      },
    })),
  );
}

// ---------------------------------------------------------------- landing lists

export async function bannersList({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const rows = await bannersQuery(req.db);
  return ok({
    data: rows.map((banner) => ({
      _id: banner.id,
      title: banner.title,
      desc: banner.description,
      image: banner.imageUrl,
      link: banner.linkUrl,
    })),
  });
}

export async function landingGamesList({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const rows = await landingGamesQuery(req.db, req.viewer?.id ?? null);
  return ok({ data: rows.map((game) => gameJson(game)) });
}

export async function mostPopularStars({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const rows = await popularStarsQuery(req.db, req.viewer?.id ?? null);
  return ok({ data: rows.map(starJson) });
}

export async function mostPopularProducts({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const [rows, rate] = await req.db.batch([popularGigsQuery(req.db, req.viewer?.id ?? null), usdInrRateQuery(req.db)]);
  const currency = display(req, rate[0]?.rateMicros ?? null);
  return ok({ data: rows.map((gig) => gigJson(gig, currency)) });
}

export async function upcomingSessionsHome({ request, context }: Args, { own }: { own: boolean }) {
  const req = await catalogueRequest(request, context);
  if (own && !req.viewer) return jsonError(401, "Not logged in");
  const now = new Date();
  const [rows, rate] = await req.db.batch([
    own && req.viewer
      ? viewerUpcomingSessionsQuery(req.db, req.viewer.id, now, LANDING_LIMITS.yourUpcoming)
      : upcomingSessionsQuery(req.db, now, LANDING_LIMITS.upcoming),
    usdInrRateQuery(req.db),
  ]);
  const currency = display(req, rate[0]?.rateMicros ?? null);
  return ok({ data: rows.map((session) => sessionJson(session, currency)) });
}

/** GET /api/get/influencers: the stars, most popular first (the creators list with its defaults). */
export async function influencersList(args: Args) {
  return creatorsForScroll(args, { paginated: false });
}

/** GET /api/get/admin/games: every game by name, with its platforms. */
export async function allGames({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  const [rows, pairs] = await req.db.batch([
    req.db
      .select(gameCardColumns(req.viewer?.id ?? null))
      .from(games)
      .orderBy(sql`${games.name} COLLATE NOCASE`),
    req.db
      .select({ gameId: gamePlatforms.gameId, id: platforms.id, name: platforms.platformName })
      .from(gamePlatforms)
      .innerJoin(platforms, eq(platforms.id, gamePlatforms.platformId))
      .orderBy(asc(platforms.sortOrder)),
  ]);
  return ok({
    data: rows.map((game) => gameJson(game, { platforms: pairs.filter((pair) => pair.gameId === game.id) })),
  });
}
