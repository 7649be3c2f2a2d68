import { FAVOURITE_COPY } from "~/features/favourites/copy";
import type { Toast } from "~/lib/toast";

/** What can be a favourite, and the docs/domain.md toast for each change (gig removal is a warning). */
export const FAVOURITE_KINDS = ["gig", "star", "game"] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

export function favouriteToast(kind: FavouriteKind, added: boolean): Toast {
  switch (kind) {
    case "gig":
      return added
        ? { kind: "success", message: FAVOURITE_COPY.gigFavouriteAdded }
        : { kind: "warning", message: FAVOURITE_COPY.gigFavouriteRemoved };
    case "star":
      return {
        kind: "success",
        message: added ? FAVOURITE_COPY.streamerFavouriteAdded : FAVOURITE_COPY.streamerFavouriteRemoved,
      };
    case "game":
      return {
        kind: "success",
        message: added ? FAVOURITE_COPY.gameFavouriteAdded : FAVOURITE_COPY.gameFavouriteRemoved,
      };
  }
}

/** The JSON API of docs/domain.md, one path per kind and direction. */
export const FAVOURITE_API: Record<FavouriteKind, { add: string; remove: string }> = {
  gig: { add: "/api/save_favoriteGig", remove: "/api/delete_favGigs" },
  star: { add: "/api/save_favoriteStars", remove: "/api/delete_favStars" },
  game: { add: "/api/save_favoriteGames", remove: "/api/delete_favGames" },
};
