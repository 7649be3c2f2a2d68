import { modesOfGame } from "~/features/catalogue/api.server";
import type { Route } from "./+types/game-modes";

/** GET /api/get/game-modes/:id (the modes of game :id) */
export function loader(args: Route.LoaderArgs) {
  return modesOfGame(args, args.params.id);
}
