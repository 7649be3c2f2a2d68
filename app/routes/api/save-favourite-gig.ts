import { jsonError } from "~/platform/http.server";
import { favouriteAction } from "./_lib/favourite-action.server";

/** POST /api/save_favoriteGig {id} */
export const action = favouriteAction("gig", "add");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
