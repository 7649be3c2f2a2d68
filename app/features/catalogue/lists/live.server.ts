import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { toMatchQuery } from "~/features/search";
import { gamesFts, matches, rowidOf, streamersFts } from "~/features/search/index.server";
import type { Db } from "~/platform/db.server";
import { favouriteStars, games, liveSessions, streamerProfiles, users } from "~db/schema";
import { liveCardColumns, liveSessionsWithAllTags, onPlatform, streamerActive } from "../columns.server";
import type { LiveQuery } from "../schema";

import { countOf, direction, pageWindow } from "./shared.server";

/** The live-sessions list of /browse and the live API: filters, sorts, and its count. */
function liveFilter(db: Db, query: LiveQuery, viewerId: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(liveSessions.endedAt), streamerActive(liveSessions.streamerId)];
  if (query.selectedGame) conditions.push(eq(liveSessions.gameId, query.selectedGame));
  if (query.platform) conditions.push(onPlatform(liveSessions.platformId, query.platform));
  if (query.country) conditions.push(eq(users.country, query.country));
  if (query.profession) conditions.push(eq(streamerProfiles.profession, query.profession));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            liveSessions.streamerId,
            db
              .select({ id: favouriteStars.streamerId })
              .from(favouriteStars)
              .where(eq(favouriteStars.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) {
    conditions.push(inArray(liveSessions.id, liveSessionsWithAllTags(db, query.selectedTags)));
  }
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  if (match) {
    // A live session is found by its star's name or its game's name.
    conditions.push(
      sql`(${rowidOf.streamerProfiles} IN (SELECT rowid FROM ${streamersFts} WHERE ${matches(streamersFts, match)}) OR ${rowidOf.games} IN (SELECT rowid FROM ${gamesFts} WHERE ${matches(gamesFts, match)}))`,
    );
  }
  return and(...conditions);
}

function liveFrom(db: Db, viewerId: string | null) {
  return (
    db
      .select(liveCardColumns(viewerId))
      .from(liveSessions)
      .$dynamic()
      // The star points at their open session (users.live_session_id, set with it by go-live): joining on it
      // lets either side drive the join through a live-only index, never a scan of all users.
      .innerJoin(users, eq(users.liveSessionId, liveSessions.id))
      .innerJoin(streamerProfiles, eq(streamerProfiles.userId, liveSessions.streamerId))
      .innerJoin(games, eq(games.id, liveSessions.gameId))
  );
}

export function liveListQuery(db: Db, query: LiveQuery, viewerId: string | null) {
  const { limit, offset } = pageWindow("live", query);
  const order = direction(
    query.sortBy ?? "date",
    sql`0`,
    {
      title: sql`${liveSessions.title}`,
      popularity: sql`${streamerProfiles.popularity}`,
      price: sql`${liveSessions.priceMinor}`,
      date: sql`${liveSessions.startedAt}`,
      // A live session by its streamer's average rating (a handful are live: no index needed).
      rating: [
        sql`CASE WHEN ${streamerProfiles.ratingCount} = 0 THEN 0 ELSE ${streamerProfiles.ratingTotal} * 100 / ${streamerProfiles.ratingCount} END`,
        sql`${streamerProfiles.ratingCount}`,
      ],
    },
    sql`${liveSessions}.rowid`,
  );
  return liveFrom(db, viewerId)
    .where(liveFilter(db, query, viewerId))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function liveCountQuery(db: Db, query: LiveQuery, viewerId: string | null) {
  return countOf(db, liveFrom(db, viewerId).where(liveFilter(db, query, viewerId)));
}
