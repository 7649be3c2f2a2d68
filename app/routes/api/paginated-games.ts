import { gamesForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/paginated-games";

/** GET /api/get/paginatedGames (GamesForScroll with total and totalPages) */
export function loader(args: Route.LoaderArgs) {
  return gamesForScroll(args, { paginated: true });
}
