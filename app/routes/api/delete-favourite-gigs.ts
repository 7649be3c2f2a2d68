import { favouriteApi } from "~/features/favourites/api.server";
import { jsonError } from "~/platform/http.server";
import type { Route } from "./+types/delete-favourite-gigs";

/** POST /api/delete_favGigs {id} */
export function action(args: Route.ActionArgs) {
  return favouriteApi(args, "gig", "remove");
}

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
