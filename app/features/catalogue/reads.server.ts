import { PAGE_SIZE } from "~/features/catalogue/constants";
import { displayCurrency } from "~/features/currency";
import { usdInrRateQuery } from "~/features/currency/index.server";
import { notFound, unauthorized } from "~/lib/errors";
import type { DisplayCurrency } from "~/lib/money";
import { gameJson, gigJson, liveJson, modeJson, pageJson, sessionJson, streamerJson } from "./api-shape";
import {
  assertMayFilterFavourites,
  gamesCountQuery,
  gamesListQuery,
  gigsCountQuery,
  gigsListQuery,
  liveListQuery,
  liveTagOptionsQuery,
  streamersCountQuery,
  streamersListQuery,
  toPage,
} from "./browse.server";
import { bannersQuery, LANDING_LIMITS, landingGamesQuery, popularGigsQuery, popularStarsQuery } from "./landing.server";
import type { CatalogueRequest } from "./request.server";
import type { GamesQuery, GigsQuery, LiveQuery, SessionsQuery, StreamersQuery } from "./schema";
import {
  joinedQueuesQuery,
  openLiveSessionCardQuery,
  streamerSessionsCountQuery,
  streamerSessionsQuery,
  upcomingSessionsQuery,
  viewerUpcomingSessionsQuery,
} from "./sessions.server";
import {
  allGamesQuery,
  allPlatformsQuery,
  gameDetailQuery,
  gameModeQuery,
  gameModesQuery,
  gamePlatformPairsQuery,
  gamePlatformsQuery,
  liveSessionTagsQuery,
  streamerProfileQuery,
} from "./views.server";

/**
 * The catalogue reads of docs/domain.md: plain results in the API's field names (./api-shape.ts), or a
 * thrown AppError (404, 401). The routes in app/routes/api/ map them to HTTP through jsonLoader; the lists
 * are the same queries the pages run (./browse.server.ts).
 */
type Paging = { paginated: boolean };

function display(req: CatalogueRequest, rateRows: { rateMicros: number }[]): DisplayCurrency {
  return displayCurrency(req.currencyCode, rateRows[0]?.rateMicros ?? null);
}

export async function gigsPage(req: CatalogueRequest, query: GigsQuery, { paginated }: Paging) {
  const viewerId = req.viewer?.id ?? null;
  assertMayFilterFavourites(query, viewerId);
  const list = gigsListQuery(req.db, query, viewerId);
  if (!paginated) {
    const [rows, rate] = await req.db.batch([list, usdInrRateQuery(req.db)]);
    const currency = display(req, rate);
    return pageJson(toPage(rows, query, "gigs"), (gig) => gigJson(gig, currency));
  }
  const [rows, rate, totals] = await req.db.batch([
    list,
    usdInrRateQuery(req.db),
    gigsCountQuery(req.db, query, viewerId),
  ]);
  const currency = display(req, rate);
  return pageJson(toPage(rows, query, "gigs"), (gig) => gigJson(gig, currency), totals[0]?.total ?? 0);
}

export async function gamesPage(req: CatalogueRequest, query: GamesQuery, { paginated }: Paging) {
  const viewerId = req.viewer?.id ?? null;
  assertMayFilterFavourites(query, viewerId);
  if (!paginated) {
    const rows = await gamesListQuery(req.db, query, viewerId);
    return pageJson(toPage(rows, query, "games"), (game) => gameJson(game));
  }
  const [rows, totals] = await req.db.batch([
    gamesListQuery(req.db, query, viewerId),
    gamesCountQuery(req.db, query, viewerId),
  ]);
  return pageJson(toPage(rows, query, "games"), (game) => gameJson(game), totals[0]?.total ?? 0);
}

export async function streamersPage(req: CatalogueRequest, query: StreamersQuery, { paginated }: Paging) {
  const viewerId = req.viewer?.id ?? null;
  assertMayFilterFavourites(query, viewerId);
  if (!paginated) {
    const rows = await streamersListQuery(req.db, query, viewerId);
    return pageJson(toPage(rows, query, "creators"), streamerJson);
  }
  const [rows, totals] = await req.db.batch([
    streamersListQuery(req.db, query, viewerId),
    streamersCountQuery(req.db, query, viewerId),
  ]);
  return pageJson(toPage(rows, query, "creators"), streamerJson, totals[0]?.total ?? 0);
}

/** The sessions live now, with the live browse filters. */
export async function livePage(req: CatalogueRequest, query: LiveQuery) {
  const viewerId = req.viewer?.id ?? null;
  assertMayFilterFavourites(query, viewerId);
  const [rows, rate] = await req.db.batch([liveListQuery(req.db, query, viewerId), usdInrRateQuery(req.db)]);
  const currency = display(req, rate);
  return pageJson(toPage(rows, query, "live"), (live) => liveJson(live, currency));
}

/** A game with its modes and platforms. */
export async function gameById(req: CatalogueRequest, id: string) {
  const [gameRows, modes, platformRows] = await req.db.batch([
    gameDetailQuery(req.db, id, req.viewer?.id ?? null),
    gameModesQuery(req.db, id),
    gamePlatformsQuery(req.db, id),
  ]);
  const game = gameRows[0];
  if (!game) throw notFound("Game not found");
  return { data: gameJson(game, { modes, platforms: platformRows }) };
}

export async function modesOfGame(req: CatalogueRequest, gameId: string) {
  const [gameRows, modes] = await req.db.batch([gameDetailQuery(req.db, gameId, null), gameModesQuery(req.db, gameId)]);
  if (!gameRows[0]) throw notFound("Game not found");
  return { data: modes.map(modeJson) };
}

export async function modeById(req: CatalogueRequest, id: string) {
  const mode = await gameModeQuery(req.db, id).get();
  if (!mode) throw notFound("Game mode not found");
  return { data: { ...modeJson(mode), _game_id: mode.gameId } };
}

export async function allPlatforms(req: CatalogueRequest) {
  const rows = await allPlatformsQuery(req.db);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      platform_name: row.name,
      platform_id_name: row.key,
      platform_icon: row.icon,
    })),
  };
}

/** A star's sessions, 6 a page, with `totalSessions`. */
export async function streamerSessions(
  req: CatalogueRequest,
  streamerId: string,
  when: "upcoming" | "past",
  query: SessionsQuery,
) {
  const now = new Date();
  const limit = query.limit ?? PAGE_SIZE.sessions;
  const [streamer, rows, totals, rate] = await req.db.batch([
    streamerProfileQuery(req.db, streamerId, null),
    streamerSessionsQuery(req.db, streamerId, when, { page: query.page, limit, now, order: query.sortOption }),
    streamerSessionsCountQuery(req.db, streamerId, when, now),
    usdInrRateQuery(req.db),
  ]);
  if (!streamer[0]) throw notFound("Star not found");
  const currency = display(req, rate);
  const page = toPage(rows, { page: query.page, limit }, "gigs");
  const totalSessions = totals[0]?.total ?? 0;
  return { ...pageJson(page, (session) => sessionJson(session, currency), totalSessions), totalSessions };
}

/** The star's open live session. */
export async function activeLiveSession(req: CatalogueRequest, streamerId: string) {
  const [rows, rate] = await req.db.batch([
    openLiveSessionCardQuery(req.db, streamerId, req.viewer?.id ?? null),
    usdInrRateQuery(req.db),
  ]);
  const live = rows[0];
  if (!live) throw notFound("not found");
  return { data: liveJson(live, display(req, rate)) };
}

/** The tags of the sessions live now. */
export async function hashTags(req: CatalogueRequest) {
  const rows = await liveTagOptionsQuery(req.db);
  return { data: rows.map((row) => row.tag) };
}

export async function liveSessionTagsOf(req: CatalogueRequest, liveSessionId: string) {
  const rows = await liveSessionTagsQuery(req.db, liveSessionId);
  return { data: rows.map((row) => ({ name: row.tag })) };
}

/** Live sessions whose queue the viewer joined, newest first. */
export async function liveQueuesJoined(req: CatalogueRequest, viewerId: string, query: SessionsQuery) {
  const limit = query.limit ?? PAGE_SIZE.joinedLiveQueue;
  const rows = await joinedQueuesQuery(req.db, viewerId, { page: query.page, limit });
  const page = toPage(rows, { page: query.page, limit }, "gigs");
  return pageJson(page, (entry) => ({
    _id: entry.id,
    lane: entry.lane,
    state: entry.state,
    position: entry.position,
    joinedAt: entry.joinedAt.toISOString(),
    liveSession: {
      _id: entry.liveSessionId,
      title: entry.title,
      isLive: entry.endedAt === null,
      _influencer_id: entry.streamerId,
    },
  }));
}

// ---------------------------------------------------------------- landing lists

export async function bannersList(req: CatalogueRequest) {
  const rows = await bannersQuery(req.db);
  return {
    data: rows.map((banner) => ({
      _id: banner.id,
      title: banner.title,
      desc: banner.description,
      image: banner.imageUrl,
      link: banner.linkUrl,
    })),
  };
}

export async function landingGamesList(req: CatalogueRequest) {
  const rows = await landingGamesQuery(req.db, req.viewer?.id ?? null);
  return { data: rows.map((game) => gameJson(game)) };
}

export async function mostPopularStars(req: CatalogueRequest) {
  const rows = await popularStarsQuery(req.db, req.viewer?.id ?? null);
  return { data: rows.map(streamerJson) };
}

export async function mostPopularGigs(req: CatalogueRequest) {
  const [rows, rate] = await req.db.batch([popularGigsQuery(req.db, req.viewer?.id ?? null), usdInrRateQuery(req.db)]);
  const currency = display(req, rate);
  return { data: rows.map((gig) => gigJson(gig, currency)) };
}

/** The upcoming sessions of the home page: everyone's, or (`own`, login needed) the viewer's bookings. */
export async function upcomingSessionsHome(req: CatalogueRequest, { own }: { own: boolean }) {
  if (own && !req.viewer) throw unauthorized();
  const now = new Date();
  const [rows, rate] = await req.db.batch([
    own && req.viewer
      ? viewerUpcomingSessionsQuery(req.db, req.viewer.id, now, LANDING_LIMITS.yourUpcoming)
      : upcomingSessionsQuery(req.db, now, LANDING_LIMITS.upcoming),
    usdInrRateQuery(req.db),
  ]);
  const currency = display(req, rate);
  return { data: rows.map((session) => sessionJson(session, currency)) };
}

/** Every game by name, with its platforms. */
export async function allGames(req: CatalogueRequest) {
  const [rows, pairs] = await req.db.batch([
    allGamesQuery(req.db, req.viewer?.id ?? null),
    gamePlatformPairsQuery(req.db),
  ]);
  return {
    data: rows.map((game) => gameJson(game, { platforms: pairs.filter((pair) => pair.gameId === game.id) })),
  };
}
