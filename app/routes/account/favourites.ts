import { redirect } from "react-router";
import { favouriteFormAction } from "~/features/favourites/api.server";
import type { Route } from "./+types/favourites";

/** POST /favourites: the favourite buttons' plain form (no JavaScript): applies at once, goes back with a toast. */
export function action(args: Route.ActionArgs) {
  return favouriteFormAction(args);
}

/** The favourites themselves are browsed on /browse with "Favourites only". */
export function loader() {
  return redirect("/browse?isFavClicked=true");
}
