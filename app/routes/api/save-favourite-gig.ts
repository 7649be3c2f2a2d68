import { favouriteApi } from "~/features/favourites/api.server";
import { jsonError } from "~/platform/http.server";
import type { Route } from "./+types/save-favourite-gig";

/** POST /api/save_favoriteGig {id} */
export function action(args: Route.ActionArgs) {
  return favouriteApi(args, "gig", "add");
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
