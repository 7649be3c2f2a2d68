import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { toMatchQuery } from "~/features/search";
import { gamesFts, matches, rowidOf } from "~/features/search/index.server";
import type { Db } from "~/platform/db.server";
import { favouriteGames, gamePlatforms, games } from "~db/schema";
import { gameCardColumns, onPlatform } from "../columns.server";
import type { GamesQuery } from "../schema";

import { countOf, direction, effectiveSort, pageWindow } from "./shared.server";

/** The games list of /browse and the games API: filters, sorts, and its count. */
function gamesFilter(db: Db, query: GamesQuery, viewerId: string | null, match: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.platform) {
    conditions.push(
      inArray(
        games.id,
        db
          .select({ id: gamePlatforms.gameId })
          .from(gamePlatforms)
          .where(onPlatform(gamePlatforms.platformId, query.platform)),
      ),
    );
  }
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            games.id,
            db.select({ id: favouriteGames.gameId }).from(favouriteGames).where(eq(favouriteGames.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (match) conditions.push(matches(gamesFts, match));
  return and(...conditions);
}

function gamesFrom(db: Db, viewerId: string | null, match: string | null) {
  const base = db.select(gameCardColumns(viewerId)).from(games).$dynamic();
  return match ? base.innerJoin(gamesFts, eq(gamesFts.rowid, rowidOf.games)) : base;
}

export function gamesListQuery(db: Db, query: GamesQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("games", query);
  const order = direction(
    effectiveSort(query.sortBy, match),
    sql`${gamesFts.rank}`,
    {
      title: sql`${games.name}`,
      popularity: sql`${games.popularity}`,
      price: sql`${games.popularity}`,
      date: sql`${games.createdAt}`,
    },
    rowidOf.games,
  );
  return gamesFrom(db, viewerId, match)
    .where(gamesFilter(db, query, viewerId, match))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function gamesCountQuery(db: Db, query: GamesQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  return countOf(db, gamesFrom(db, viewerId, match).where(gamesFilter(db, query, viewerId, match)));
}
