import { favouriteApi } from "~/features/favourites/api.server";
import { jsonError } from "~/platform/http.server";
import type { Route } from "./+types/delete-favourite-games";

/** POST /api/delete_favGames {id} */
export function action(args: Route.ActionArgs) {
  return favouriteApi(args, "game", "remove");
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
