import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { toMatchQuery } from "~/features/search";
import { matches, rowidOf, streamersFts } from "~/features/search/index.server";
import type { Db } from "~/platform/db.server";
import { favouriteStars, streamerProfiles, users } from "~db/schema";
import {
  liveStars,
  streamerActive,
  streamerCardColumns,
  streamerJoin,
  streamersWithTaggedGigs,
} from "../columns.server";
import type { StreamersQuery } from "../schema";

import { countOf, direction, effectiveSort, pageWindow } from "./shared.server";

/** The creators (stars) list of /browse and the creators API: filters, sorts, and its count. */
function streamersFilter(db: Db, query: StreamersQuery, viewerId: string | null, match: string | null) {
  const conditions: (SQL | undefined)[] = [streamerActive(streamerProfiles.userId)];
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
    conditions.push(inArray(streamerProfiles.userId, streamersWithTaggedGigs(db, query.selectedTags)));
  }
  if (match) conditions.push(matches(streamersFts, match));
  return and(...conditions);
}

function streamersFrom(db: Db, viewerId: string | null, match: string | null, from: "profiles" | "users" | "either") {
  const base = db
    .select(streamerCardColumns(viewerId))
    .from(streamerProfiles)
    .$dynamic()
    .innerJoin(users, streamerJoin(match ? "either" : from));
  return match ? base.innerJoin(streamersFts, eq(streamersFts.rowid, rowidOf.streamerProfiles)) : base;
}

export function streamersListQuery(db: Db, query: StreamersQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  const { limit, offset } = pageWindow("creators", query);
  const sort = effectiveSort(query.sortBy, match);
  // Alphabetical order walks the users index (is_influencer, full_name); the others the profiles' indexes.
  const rowid = sort === "alphabetically" ? sql`${users}.rowid` : rowidOf.streamerProfiles;
  const order = direction(
    sort,
    sql`${streamersFts.rank}`,
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
  return streamersFrom(db, viewerId, match, viaUsers ? "users" : "profiles")
    .where(and(streamersFilter(db, query, viewerId, match), viaUsers ? eq(users.isStreamer, true) : undefined))
    .orderBy(...order)
    .limit(limit + 1)
    .offset(offset);
}

export function streamersCountQuery(db: Db, query: StreamersQuery, viewerId: string | null) {
  const match = query.searchField ? toMatchQuery(query.searchField) : null;
  return countOf(
    db,
    streamersFrom(db, viewerId, match, "either").where(
      and(streamersFilter(db, query, viewerId, match), eq(users.isStreamer, true)),
    ),
  );
}
