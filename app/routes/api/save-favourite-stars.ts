import { jsonError } from "~/platform/http.server";
import { favouriteAction } from "./_lib/favourite-action.server";

/** POST /api/save_favoriteStars {id} */
export const action = favouriteAction("star", "add");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
