import { and, eq, isNull, sql } from "drizzle-orm";
import { SEARCH_SUGGESTION_NAME_MAX, toMatchQuery } from "~/features/search";
import { gamesFts, gigsFts, matches, rowidOf, streamersFts } from "~/features/search/index.server";
import { gamePath, gigPath, streamerPath } from "~/lib/paths.server";
import { col, type Db } from "~/platform/db.server";
import { games, gigs, liveSessions, streamerProfiles, users } from "~db/schema";
import { streamerActive } from "./columns.server";

const SUGGESTIONS_PER_KIND = 5;
const SUGGESTION_MIN_LENGTH = 2;

export type Suggestion = {
  type: "game" | "gig" | "star";
  id: string;
  /** The full name or title. */
  title: string;
  /** The name as the suggestion list shows it: cut to SEARCH_SUGGESTION_NAME_MAX characters. */
  name: string;
  isLive: boolean;
  url: string;
};

/** docs/domain.md: a suggestion's name is cut to 20 characters. */
function cutName(name: string, max = SEARCH_SUGGESTION_NAME_MAX): string {
  const characters = [...name];
  return characters.length > max ? `${characters.slice(0, max).join("")}…` : name;
}

/** The three suggestion queries (games, gigs, stars), or null when the text has nothing to search. */
export function suggestionQueries(db: Db, text: string, perKind = SUGGESTIONS_PER_KIND) {
  // One letter would match (and rank) a large share of all titles: suggestions start at two.
  if ([...text.trim()].length < SUGGESTION_MIN_LENGTH) return null;
  const gameMatch = toMatchQuery(text, "name");
  const gigMatch = toMatchQuery(text, "title");
  const streamerMatch = toMatchQuery(text);
  if (!gameMatch || !gigMatch || !streamerMatch) return null;
  return [
    db
      .select({
        id: games.id,
        name: games.name,
        isLive:
          sql<boolean>`EXISTS (SELECT 1 FROM ${liveSessions} WHERE ${col(liveSessions.gameId)} = ${col(games.id)} AND ${col(liveSessions.endedAt)} IS NULL)`.mapWith(
            Boolean,
          ),
      })
      .from(gamesFts)
      .innerJoin(games, eq(rowidOf.games, gamesFts.rowid))
      .where(matches(gamesFts, gameMatch))
      .orderBy(gamesFts.rank)
      .limit(perKind),
    db
      .select({ id: gigs.id, title: gigs.title, liveSessionId: users.liveSessionId })
      .from(gigsFts)
      .innerJoin(gigs, eq(rowidOf.gigs, gigsFts.rowid))
      .innerJoin(users, eq(users.id, gigs.streamerId))
      .where(and(matches(gigsFts, gigMatch), isNull(gigs.archivedAt), streamerActive(gigs.streamerId)))
      .orderBy(gigsFts.rank)
      .limit(perKind),
    db
      .select({ id: users.id, fullName: users.fullName, username: users.username, liveSessionId: users.liveSessionId })
      .from(streamersFts)
      .innerJoin(streamerProfiles, eq(rowidOf.streamerProfiles, streamersFts.rowid))
      .innerJoin(users, eq(users.id, streamerProfiles.userId))
      .where(and(matches(streamersFts, streamerMatch), streamerActive(streamerProfiles.userId)))
      .orderBy(streamersFts.rank)
      .limit(perKind),
  ] as const;
}

/**
 * Search suggestions as the user types: games by name, gigs by title and stars by name or username, each
 * by prefix and ranked by bm25, in ONE D1 round trip. A game is live when someone streams it now, a gig
 * and a star when the star is live.
 */
export async function searchSuggestions(db: Db, text: string, perKind = SUGGESTIONS_PER_KIND): Promise<Suggestion[]> {
  const queries = suggestionQueries(db, text, perKind);
  if (!queries) return [];
  const [gameRows, gigRows, streamerRows] = await db.batch(queries);
  return [
    ...gameRows.map((game) => suggestion("game", game.id, game.name, game.isLive, gamePath(game.id))),
    ...gigRows.map((gig) => suggestion("gig", gig.id, gig.title, !!gig.liveSessionId, gigPath(gig.id))),
    ...streamerRows.map((streamer) =>
      suggestion(
        "star",
        streamer.id,
        streamer.fullName || streamer.username,
        !!streamer.liveSessionId,
        streamerPath(streamer.id),
      ),
    ),
  ];
}

function suggestion(type: Suggestion["type"], id: string, title: string, isLive: boolean, url: string): Suggestion {
  return { type, id, title, name: cutName(title), isLive, url };
}
