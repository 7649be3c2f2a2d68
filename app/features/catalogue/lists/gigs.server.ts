import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { toMatchQuery } from "~/features/search";
import { gigsFts, matches, rowidOf } from "~/features/search/index.server";
import { col, type Db } from "~/platform/db.server";
import { favouriteGigs, games, gigs, streamerProfiles, users } from "~db/schema";
import {
  activeGig,
  gigCardColumns,
  gigGameJoin,
  gigProfileJoin,
  gigStarJoin,
  gigsWithAllTags,
  liveStars,
  onPlatform,
  streamerActive,
  streamerInCountry,
  streamerOfProfession,
} from "../columns.server";
import type { GigsQuery } from "../schema";

import { countOf, direction, effectiveSort, pageWindow } from "./shared.server";

/** The gigs list of /browse and the gigs API: filters, sorts, and its count. */
function gigsFilter(db: Db, query: GigsQuery, viewerId: string | null, match: string | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [activeGig, streamerActive(gigs.streamerId)];
  // The (game, popularity) and (platform, popularity) indexes serve the popularity order. For any other
  // order the game and platform are checked as rows come off that order's index (`+column`): one of a
  // dozen games or six platforms matches often enough that a page fills quickly, whereas looking the rows
  // up by game or platform would sort thousands of gigs for every page.
  const indexed = effectiveSort(query.sortBy, match) === "popularity";
  if (query.selectedGame) {
    conditions.push(indexed ? eq(gigs.gameId, query.selectedGame) : sql`+${col(gigs.gameId)} = ${query.selectedGame}`);
  }
  if (query.platform) conditions.push(onPlatform(gigs.platformId, query.platform, indexed));
  if (query.country) conditions.push(streamerInCountry(gigs.streamerId, query.country));
  if (query.profession) conditions.push(streamerOfProfession(gigs.streamerId, query.profession));
  // Gigs of the stars live now: looked up from those few stars, not found by reading every gig.
  if (query.isLiveClicked) conditions.push(inArray(gigs.streamerId, liveStars(db)));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            gigs.id,
            db.select({ id: favouriteGigs.gigId }).from(favouriteGigs).where(eq(favouriteGigs.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) conditions.push(inArray(gigs.id, gigsWithAllTags(db, query.selectedTags)));
  if (match) conditions.push(matches(gigsFts, match));
  return and(...conditions);
}

/**
 * A page of gigs keeps the gig as the outer loop (gig*Join), so it is read in an index's order. A count has
 * no order and visits every match: there the planner may start from the influencers' index instead.
 */
function gigsFrom(db: Db, viewerId: string | null, match: string | null, purpose: "page" | "count" = "page") {
  const page = purpose === "page";
  const base = db
    .select(gigCardColumns(viewerId))
    .from(gigs)
    .$dynamic()
    .innerJoin(users, page ? gigStarJoin : eq(users.id, gigs.streamerId))
    .innerJoin(streamerProfiles, page ? gigProfileJoin : eq(streamerProfiles.userId, gigs.streamerId))
    .innerJoin(games, page ? gigGameJoin : eq(games.id, gigs.gameId));
  return match ? base.innerJoin(gigsFts, eq(gigsFts.rowid, rowidOf.gigs)) : base;
}

export function gigsListQuery(db: Db, query: GigsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("gigs", query);
  const order = direction(
    effectiveSort(query.sortBy, match),
    sql`${gigsFts.rank}`,
    {
      title: sql`${gigs.title}`,
      popularity: sql`${gigs.popularity}`,
      price: sql`${gigs.priceMinor}`,
      date: sql`${gigs.createdAt}`,
      rating: [sql`${gigs.ratingScore}`, sql`${gigs.ratingCount}`],
    },
    rowidOf.gigs,
  );
  return gigsFrom(db, viewerId, match)
    .where(gigsFilter(db, query, viewerId, match))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function gigsCountQuery(db: Db, query: GigsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  // Counting visits every matching gig, in no order. Gig owners are influencers: saying so lets a plan
  // that starts from users walk an influencer index instead of every user.
  return countOf(
    db,
    gigsFrom(db, viewerId, match, "count").where(
      and(gigsFilter(db, query, viewerId, match), eq(users.isStreamer, true)),
    ),
  );
}
