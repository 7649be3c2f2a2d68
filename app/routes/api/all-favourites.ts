import { allFavouritesApi } from "~/features/favourites/api.server";
import type { Route } from "./+types/all-favourites";

/** GET /api/get_allfavorites (401 when not logged in) */
export function loader(args: Route.LoaderArgs) {
  return allFavouritesApi(args);
}
