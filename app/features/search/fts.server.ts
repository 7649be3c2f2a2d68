import { type SQL, sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { games, gigs, streamerProfiles } from "~db/schema";

/**
 * The FTS5 tables of migrations/0003_search_fts.sql (products_fts as 0021_gig_search_streamer.sql rebuilt it),
 * described for Drizzle's query builder only: they live outside db/schema so drizzle-kit never tries to create
 * them. Each row's rowid is the rowid of the row it indexes (games, products, influencer_profiles); `rank` is the
 * configured bm25. A gig's row also holds its game's name, its tags and its streamer's name and handle, so a
 * search for a streamer finds their gigs.
 */
export const gamesFts = sqliteTable("games_fts", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  description: text("description"),
  rank: real("rank"),
});

export const gigsFts = sqliteTable("products_fts", {
  rowid: integer("rowid").notNull(),
  title: text("title"),
  description: text("description"),
  game: text("game"),
  tags: text("tags"),
  streamerName: text("star_name"),
  streamerHandle: text("star_handle"),
  rank: real("rank"),
});

export const streamersFts = sqliteTable("stars_fts", {
  rowid: integer("rowid").notNull(),
  fullName: text("full_name"),
  username: text("username"),
  rank: real("rank"),
});

/** The implicit rowid of a table (the key the FTS tables join on). */
export const rowidOf = {
  games: sql`${games}.rowid`,
  gigs: sql`${gigs}.rowid`,
  streamerProfiles: sql`${streamerProfiles}.rowid`,
} as const;

export function matches(table: typeof gamesFts | typeof gigsFts | typeof streamersFts, query: string): SQL {
  return sql`${table} MATCH ${query}`;
}
