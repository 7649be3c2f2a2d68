import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { toMatchQuery } from "~/features/search";
import { matches, rowidOf, starsFts } from "~/features/search/index.server";
import type { Db } from "~/platform/db.server";
import { favouriteStars, streamerProfiles, users } from "~db/schema";
import { liveStars, starActive, starCardColumns, starJoin, starsWithTaggedGigs } from "../columns.server";
import type { CreatorsQuery } from "../schema";

import { countOf, direction, effectiveSort, pageWindow } from "./shared.server";

/** The creators (stars) list of /browse and the creators API: filters, sorts, and its count. */
function creatorsFilter(db: Db, query: CreatorsQuery, viewerId: string | null, match: string | null) {
  const conditions: (SQL | undefined)[] = [starActive(streamerProfiles.userId)];
  if (query.country) conditions.push(eq(users.country, query.country));
  if (query.profession) conditions.push(eq(streamerProfiles.profession, query.profession));
  if (query.isLiveClicked) conditions.push(inArray(streamerProfiles.userId, liveStars(db)));
  if (query.isFavClicked) {
    conditions.push(
      viewerId
        ? inArray(
            streamerProfiles.userId,
            db
              .select({ id: favouriteStars.streamerId })
              .from(favouriteStars)
              .where(eq(favouriteStars.userId, viewerId)),
          )
        : sql`0`,
    );
  }
  if (query.selectedTags.length > 0) {
    conditions.push(inArray(streamerProfiles.userId, starsWithTaggedGigs(db, query.selectedTags)));
  }
  if (match) conditions.push(matches(starsFts, match));
  return and(...conditions);
}

function creatorsFrom(db: Db, viewerId: string | null, match: string | null, from: "profiles" | "users" | "either") {
  const base = db
    .select(starCardColumns(viewerId))
    .from(streamerProfiles)
    .$dynamic()
    .innerJoin(users, starJoin(match ? "either" : from));
  return match ? base.innerJoin(starsFts, eq(starsFts.rowid, rowidOf.streamerProfiles)) : base;
}

export function creatorsListQuery(db: Db, query: CreatorsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("creators", query);
  const sort = effectiveSort(query.sortBy, match);
  // Alphabetical order walks the users index (is_influencer, full_name); the others the profiles' indexes.
  const rowid = sort === "alphabetically" ? sql`${users}.rowid` : rowidOf.streamerProfiles;
  const order = direction(
    sort,
    sql`${starsFts.rank}`,
    {
      title: sql`${users.fullName}`,
      popularity: sql`${streamerProfiles.popularity}`,
      price: sql`${streamerProfiles.popularity}`,
      date: sql`${streamerProfiles.createdAt}`,
    },
    rowid,
  );
  // is_influencer = 1 is implied by having a profile. Saying it lets the (is_influencer, full_name) and
  // (is_influencer, country) indexes serve the alphabetical order and the country filter; for the other
  // orders it would tempt the planner away from the profiles' own indexes.
  const viaUsers = sort === "alphabetically" || !!query.country;
  return creatorsFrom(db, viewerId, match, viaUsers ? "users" : "profiles")
    .where(and(creatorsFilter(db, query, viewerId, match), viaUsers ? eq(users.isStreamer, true) : undefined))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function creatorsCountQuery(db: Db, query: CreatorsQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  return countOf(
    db,
    creatorsFrom(db, viewerId, match, "either").where(
      and(creatorsFilter(db, query, viewerId, match), eq(users.isStreamer, true)),
    ),
  );
}
