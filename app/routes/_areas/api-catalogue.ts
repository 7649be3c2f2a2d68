import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: browsing gigs, stars, games and live sessions; favourites. */
export const apiCatalogue: RouteConfigEntry[] = [
  // Browse (docs/domain.md)
  route("get/influencers", "routes/api/influencers.ts"),
  route("get/admin/games", "routes/api/all-games.ts"),
  route("get/game/:id", "routes/api/game.ts"),
  route("get/platforms", "routes/api/platforms.ts"),
  route("get/game-modes/:id", "routes/api/game-modes.ts"),
  route("get/gamemode/:id", "routes/api/game-mode.ts"),
  route("get/banners", "routes/api/banners.ts"),
  route("get/landingGames", "routes/api/landing-games.ts"),
  route("get/mostPopularStars", "routes/api/most-popular-stars.ts"),
  route("get/mostPopularProducts", "routes/api/most-popular-products.ts"),
  route("get/yourUpcomingSessionsHomePage", "routes/api/your-upcoming-sessions.ts"),
  route("get/upcomingSessionsHomePage", "routes/api/upcoming-sessions.ts"),
  route("get/livesessions/active/:id", "routes/api/active-live-session.ts"),
  route("get/liveSessions", "routes/api/live-sessions.ts"),
  route("get/GigsForScroll", "routes/api/gigs-for-scroll.ts"),
  route("get/GamesForScroll", "routes/api/games-for-scroll.ts"),
  route("get/CreatorsForScroll", "routes/api/creators-for-scroll.ts"),
  route("get/PaginatedGigs", "routes/api/paginated-gigs.ts"),
  route("get/PaginatedStars", "routes/api/paginated-stars.ts"),
  route("get/paginatedGames", "routes/api/paginated-games.ts"),
  route("get/pastsessions/:userId", "routes/api/past-sessions.ts"),
  route("get/upcomingsessions/:userId", "routes/api/upcoming-star-sessions.ts"),
  route("user/live-queues-joined", "routes/api/live-queues-joined.ts"),
  route("get/stars_gigs_search", "routes/api/stars-gigs-search.ts"),
  route("get-hash-tags", "routes/api/hash-tags.ts"),
  route("get/liveSessionTags/:id", "routes/api/live-session-tags.ts"),

  // Favourites
  route("get_allfavorites", "routes/api/all-favourites.ts"),
  route("save_favoriteGig", "routes/api/save-favourite-gig.ts"),
  route("save_favoriteStars", "routes/api/save-favourite-stars.ts"),
  route("save_favoriteGames", "routes/api/save-favourite-games.ts"),
  route("delete_favGigs", "routes/api/delete-favourite-gigs.ts"),
  route("delete_favStars", "routes/api/delete-favourite-stars.ts"),
  route("delete_favGames", "routes/api/delete-favourite-games.ts"),
];
