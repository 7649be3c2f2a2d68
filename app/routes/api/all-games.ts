import { allGames } from "~/features/catalogue/api.server";
import type { Route } from "./+types/all-games";

/** GET /api/get/admin/games */
export function loader(args: Route.LoaderArgs) {
  return allGames(args);
}
