/** Favourite toasts (docs/domain.md, word for word). */
export const FAVOURITE_COPY = {
  gigFavouriteAdded: "Gig added to favorites",
  gigFavouriteRemoved: "Gig removed from favorites",
  streamerFavouriteAdded: "Star added to favorites",
  streamerFavouriteRemoved: "Star removed from favorites",
  gameFavouriteAdded: "Game added to favorites",
  gameFavouriteRemoved: "Game removed from favorites",
} as const;
