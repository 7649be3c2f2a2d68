import { gamePath, gigPath, livePath, streamerPath } from "~/lib/paths.server";
import type { BrowseList } from "./browse.server";
import type { GameCardData, GigCardData, LiveCardData, SessionData, StreamerCardData } from "./components/cards";

/**
 * What a card shows, and nothing more: the page loaders send these to the browser as hydration data, so the list
 * queries' other columns (descriptions, requirements, streaming links, bios, social links) would be sent twice,
 * once as HTML and once as data the page never reads (docs/decisions/017: hydration data no larger than the page needs).
 * The public API keeps docs/domain.md's full shapes (api-shape.ts). Each card's links are built here, on the server
 * (app/lib/paths.server.ts): the cards only render the hrefs they are given.
 */
type Row<T> = Omit<T, "href">;

export const gigCardData = (gig: Row<GigCardData>): GigCardData => ({
  id: gig.id,
  href: gigPath(gig.id),
  title: gig.title,
  listPriceMinor: gig.listPriceMinor,
  baseCurrency: gig.baseCurrency,
  coverImageUrl: gig.coverImageUrl,
  gameName: gig.gameName,
  streamerId: gig.streamerId,
  streamerName: gig.streamerName,
  streamerUsername: gig.streamerUsername,
  streamerLiveSessionId: gig.streamerLiveSessionId,
  tags: gig.tags,
  isFavourite: gig.isFavourite,
  ratingCount: gig.ratingCount,
  ratingTotal: gig.ratingTotal,
});

export const streamerCardData = (streamer: Row<StreamerCardData>): StreamerCardData => ({
  id: streamer.id,
  href: streamerPath(streamer.id),
  username: streamer.username,
  fullName: streamer.fullName,
  pictureUrl: streamer.pictureUrl,
  country: streamer.country,
  liveSessionId: streamer.liveSessionId,
  profession: streamer.profession,
  isFavourite: streamer.isFavourite,
});

export const gameCardData = (game: Row<GameCardData>): GameCardData => ({
  id: game.id,
  href: gamePath(game.id),
  name: game.name,
  imageUrl: game.imageUrl,
  primaryColor: game.primaryColor,
  isFavourite: game.isFavourite,
});

export const liveCardData = (live: Row<LiveCardData>): LiveCardData => ({
  id: live.id,
  href: livePath(live.id),
  title: live.title,
  listPriceMinor: live.listPriceMinor,
  baseCurrency: live.baseCurrency,
  thumbnailUrl: live.thumbnailUrl,
  gameName: live.gameName,
  streamerId: live.streamerId,
  streamerName: live.streamerName,
  streamerUsername: live.streamerUsername,
  tags: live.tags,
});

/** A session row (a slot) with the links to its gig and its streamer. */
export const sessionRowData = <T extends Omit<SessionData, "gigHref" | "streamerHref">>(
  session: T,
): T & SessionData => ({
  ...session,
  gigHref: session.gigId ? gigPath(session.gigId) : null,
  streamerHref: streamerPath(session.streamerId),
});

type Cards<F extends BrowseList["filter"], T> = {
  filter: F;
  page: Omit<Extract<BrowseList, { filter: F }>["page"], "items"> & { items: T[] };
};
export type BrowseCards =
  | Cards<"gigs", GigCardData>
  | Cards<"games", GameCardData>
  | Cards<"creators", StreamerCardData>
  | Cards<"live", LiveCardData>;

/** A /browse list reduced to its cards. */
export function browseCards(list: BrowseList): BrowseCards {
  switch (list.filter) {
    case "gigs":
      return { filter: "gigs", page: { ...list.page, items: list.page.items.map(gigCardData) } };
    case "games":
      return { filter: "games", page: { ...list.page, items: list.page.items.map(gameCardData) } };
    case "creators":
      return { filter: "creators", page: { ...list.page, items: list.page.items.map(streamerCardData) } };
    case "live":
      return { filter: "live", page: { ...list.page, items: list.page.items.map(liveCardData) } };
  }
}
