import {
  gameOptionsQuery,
  gamesCountQuery,
  gamesListQuery,
  gigsCountQuery,
  gigsListQuery,
  liveCountQuery,
  liveListQuery,
  liveTagOptionsQuery,
  platformOptionsQuery,
  streamersCountQuery,
  streamersListQuery,
} from "../app/features/catalogue/browse.server";
import { GIG_SORTS } from "../app/features/catalogue/constants";
import {
  bannersQuery,
  landingGamesQuery,
  liveNowQuery,
  popularGigsQuery,
  popularStarsQuery,
} from "../app/features/catalogue/landing.server";
import {
  favouriteGamesQuery,
  favouriteGigsQuery,
  favouriteStarsQuery,
} from "../app/features/catalogue/lists/favourites.server";
import {
  gamesQuerySchema,
  gigsQuerySchema,
  liveQuerySchema,
  NAME_SORTS,
  streamersQuerySchema,
} from "../app/features/catalogue/schema";
import {
  gigSlotsQuery,
  streamerSessionsCountQuery,
  streamerSessionsQuery,
  upcomingSessionsQuery,
  viewerUpcomingSessionsQuery,
} from "../app/features/catalogue/sessions.server";
import { suggestionQueries } from "../app/features/catalogue/suggestions.server";
import {
  gameDetailQuery,
  gameModesQuery,
  gamePlatformsQuery,
  gigDetailQuery,
  openLiveSessionQuery,
  streamerGigsQuery,
  streamerProfileQuery,
} from "../app/features/catalogue/views.server";
import type { Db } from "../app/platform/db.server";

/** Ids the queries are planned with (any existing rows will do). */
export type QuerySample = { gameId: string; gigId: string; streamerId: string; viewerId: string; country: string };

export type NamedQuery = {
  name: string;
  query: { toSQL(): { sql: string; params: unknown[] } };
  /** Must be read in index order (no sort of the whole table for one page). */
  ordered?: boolean;
};

/**
 * Every list query of the catalogue, with each sort and each filter, for the query-plan test
 * (tests/integration/query-plans.test.ts) and the scale benchmark (bench/catalogue.ts).
 */
export function listQueries(db: Db, sample: QuerySample): NamedQuery[] {
  const now = new Date();
  const queries: NamedQuery[] = [];
  const add = (name: string, query: NamedQuery["query"], ordered = false) => queries.push({ name, query, ordered });

  const gigFilters: Record<string, Record<string, unknown>> = {
    none: {},
    game: { selectedGame: sample.gameId },
    platform: { platform: "pc" },
    mobile: { platform: "android" },
    country: { country: sample.country },
    profession: { profession: "Coach" },
    live: { isLiveClicked: "true" },
    favourites: { isFavClicked: "true" },
    tags: { selectedTags: "ranked,duo" },
    search: { searchField: "build" },
    everything: {
      selectedGame: sample.gameId,
      platform: "pc",
      country: sample.country,
      profession: "Streamer",
      selectedTags: "ranked",
      searchField: "ranked",
    },
  };
  for (const [filterName, filter] of Object.entries(gigFilters)) {
    for (const sortBy of [undefined, ...GIG_SORTS]) {
      const query = gigsQuerySchema.parse({ ...filter, sortBy, page: 3 });
      add(
        `gigs ${filterName} ${sortBy ?? "default"}`,
        gigsListQuery(db, query, sample.viewerId),
        filterName === "none",
      );
    }
    add(`gigs count ${filterName}`, gigsCountQuery(db, gigsQuerySchema.parse(filter), sample.viewerId));
  }

  const streamerFilters: Record<string, Record<string, unknown>> = {
    none: {},
    country: { country: sample.country },
    profession: { profession: "Streamer" },
    live: { isLiveClicked: "true" },
    favourites: { isFavClicked: "true" },
    tags: { selectedTags: "duo" },
    search: { searchField: "a" },
  };
  for (const [filterName, filter] of Object.entries(streamerFilters)) {
    for (const sortBy of [undefined, ...NAME_SORTS]) {
      const query = streamersQuerySchema.parse({ ...filter, sortBy, page: 2 });
      add(
        `creators ${filterName} ${sortBy ?? "default"}`,
        streamersListQuery(db, query, sample.viewerId),
        filterName === "none",
      );
    }
    add(`creators count ${filterName}`, streamersCountQuery(db, streamersQuerySchema.parse(filter), sample.viewerId));
  }

  for (const filter of [{}, { platform: "ios" }, { isFavClicked: "true" }, { searchField: "fort" }]) {
    for (const sortBy of [undefined, ...NAME_SORTS]) {
      add(
        `games ${JSON.stringify(filter)} ${sortBy ?? "default"}`,
        gamesListQuery(db, gamesQuerySchema.parse({ ...filter, sortBy }), sample.viewerId),
      );
    }
    add(`games count ${JSON.stringify(filter)}`, gamesCountQuery(db, gamesQuerySchema.parse(filter), sample.viewerId));
  }

  const liveFilters = [
    {},
    { selectedGame: sample.gameId },
    { platform: "pc", country: sample.country, profession: "Streamer" },
    { isFavClicked: "true" },
    { selectedTags: "chill" },
    { searchField: "a" },
  ];
  for (const filter of liveFilters) {
    for (const sortBy of [undefined, ...GIG_SORTS]) {
      add(
        `live ${JSON.stringify(filter)} ${sortBy ?? "default"}`,
        liveListQuery(db, liveQuerySchema.parse({ ...filter, sortBy }), sample.viewerId),
      );
    }
    add(`live count ${JSON.stringify(filter)}`, liveCountQuery(db, liveQuerySchema.parse(filter), sample.viewerId));
  }

  add("facet platforms", platformOptionsQuery(db));
  add("facet games", gameOptionsQuery(db));
  add("facet live tags", liveTagOptionsQuery(db));

  add("landing banners", bannersQuery(db));
  add("landing games", landingGamesQuery(db, sample.viewerId));
  add("landing popular gigs", popularGigsQuery(db, sample.viewerId), true);
  add("landing popular stars", popularStarsQuery(db, sample.viewerId), true);
  add("landing live now", liveNowQuery(db, sample.viewerId));
  add("landing upcoming sessions", upcomingSessionsQuery(db, now, 6), true);
  add("landing your upcoming sessions", viewerUpcomingSessionsQuery(db, sample.viewerId, now, 6));

  add("star profile", streamerProfileQuery(db, sample.streamerId, sample.viewerId));
  add("star gigs", streamerGigsQuery(db, sample.streamerId, sample.viewerId));
  add("star live", openLiveSessionQuery(db, sample.streamerId));
  for (const when of ["upcoming", "past"] as const) {
    add(`star ${when} sessions`, streamerSessionsQuery(db, sample.streamerId, when, { page: 2, limit: 6, now }));
    add(`star ${when} count`, streamerSessionsCountQuery(db, sample.streamerId, when, now));
  }

  add("gig detail", gigDetailQuery(db, sample.gigId, sample.viewerId));
  add("gig slots", gigSlotsQuery(db, sample.gigId, now, 20));
  add("game detail", gameDetailQuery(db, sample.gameId, sample.viewerId));
  add("game modes", gameModesQuery(db, sample.gameId));
  add("game platforms", gamePlatformsQuery(db, sample.gameId));

  add("favourite gigs", favouriteGigsQuery(db, sample.viewerId));
  add("favourite stars", favouriteStarsQuery(db, sample.viewerId));
  add("favourite games", favouriteGamesQuery(db, sample.viewerId));

  for (const text of ["fo", "fort", "build ranked"]) {
    const suggestions = suggestionQueries(db, text);
    if (!suggestions) continue;
    const [gamesQuery, gigsQuery, streamersQuery] = suggestions;
    add(`suggest games "${text}"`, gamesQuery);
    add(`suggest gigs "${text}"`, gigsQuery);
    add(`suggest stars "${text}"`, streamersQuery);
  }
  return queries;
}
