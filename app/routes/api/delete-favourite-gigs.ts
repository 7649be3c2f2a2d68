import { jsonError } from "~/platform/http.server";
import { favouriteAction } from "./_lib/favourite-action.server";

/** POST /api/delete_favGigs {id} */
export const action = favouriteAction("gig", "remove");

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
