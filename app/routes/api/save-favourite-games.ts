import { jsonError } from "~/platform/http.server";
import { favouriteAction } from "./_lib/favourite-action.server";

/** POST /api/save_favoriteGames {id} */
export const action = favouriteAction("game", "add");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
