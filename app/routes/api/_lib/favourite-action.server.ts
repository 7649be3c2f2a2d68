import type { FavouriteKind } from "~/features/favourites";
import { favouriteApiSchema } from "~/features/favourites";
import { setFavourite } from "~/features/favourites/index.server";
import { jsonAction } from "./json-action.server";

/**
 * POST /api/save_favoriteGig, save_favoriteStars, save_favoriteGames, delete_favGigs, delete_favStars,
 * delete_favGames with { id }: a login (401), the id (400), the target (404); answers the docs/domain.md toast text.
 */
export function favouriteAction(kind: FavouriteKind, intent: "add" | "remove") {
  return jsonAction({ schema: favouriteApiSchema, auth: true }, async ({ env, input, viewer }) => {
    const toast = await setFavourite(env, viewer.id, kind, input.id, intent === "add");
    return { message: toast.message, toast, isFavorite: intent === "add" };
  });
}
