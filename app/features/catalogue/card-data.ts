import type { BrowseList } from "./browse.server";
import type { GameCardData, GigCardData, LiveCardData, StarCardData } from "./components/cards";

/**
 * What a card shows, and nothing more: the page loaders send these to the browser as hydration data, so the list
 * queries' other columns (descriptions, requirements, streaming links, bios, social links) would be sent twice,
 * once as HTML and once as data the page never reads (docs/decisions/017: hydration data no larger than the page needs).
 * The public API keeps docs/domain.md's full shapes (api-shape.ts).
 */
export const gigCardData = (gig: GigCardData): GigCardData => ({
  id: gig.id,
  title: gig.title,
  listPriceMinor: gig.listPriceMinor,
  baseCurrency: gig.baseCurrency,
  coverImageUrl: gig.coverImageUrl,
  gameName: gig.gameName,
  starId: gig.starId,
  starName: gig.starName,
  starUsername: gig.starUsername,
  starLiveSessionId: gig.starLiveSessionId,
  tags: gig.tags,
  isFavourite: gig.isFavourite,
  ratingCount: gig.ratingCount,
  ratingTotal: gig.ratingTotal,
});

export const starCardData = (star: StarCardData): StarCardData => ({
  id: star.id,
  username: star.username,
  fullName: star.fullName,
  pictureUrl: star.pictureUrl,
  country: star.country,
  liveSessionId: star.liveSessionId,
  profession: star.profession,
  isFavourite: star.isFavourite,
});

export const gameCardData = (game: GameCardData): GameCardData => ({
  id: game.id,
  name: game.name,
  imageUrl: game.imageUrl,
  primaryColor: game.primaryColor,
  isFavourite: game.isFavourite,
});

export const liveCardData = (live: LiveCardData): LiveCardData => ({
  id: live.id,
  title: live.title,
  listPriceMinor: live.listPriceMinor,
  baseCurrency: live.baseCurrency,
  thumbnailUrl: live.thumbnailUrl,
  gameName: live.gameName,
  starId: live.starId,
  starName: live.starName,
  starUsername: live.starUsername,
  tags: live.tags,
});

type Cards<F extends BrowseList["filter"], T> = {
  filter: F;
  page: Omit<Extract<BrowseList, { filter: F }>["page"], "items"> & { items: T[] };
};
export type BrowseCards =
  | Cards<"gigs", GigCardData>
  | Cards<"games", GameCardData>
  | Cards<"creators", StarCardData>
  | Cards<"live", LiveCardData>;

/** A /browse list reduced to its cards. */
export function browseCards(list: BrowseList): BrowseCards {
  switch (list.filter) {
    case "gigs":
      return { filter: "gigs", page: { ...list.page, items: list.page.items.map(gigCardData) } };
    case "games":
      return { filter: "games", page: { ...list.page, items: list.page.items.map(gameCardData) } };
    case "creators":
      return { filter: "creators", page: { ...list.page, items: list.page.items.map(starCardData) } };
    case "live":
      return { filter: "live", page: { ...list.page, items: list.page.items.map(liveCardData) } };
  }
}
