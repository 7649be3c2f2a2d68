import { favouriteApi } from "~/features/favourites/api.server";
import { jsonError } from "~/platform/http.server";
import type { Route } from "./+types/delete-favourite-stars";

/** POST /api/delete_favStars {id} */
export function action(args: Route.ActionArgs) {
  return favouriteApi(args, "star", "remove");
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
