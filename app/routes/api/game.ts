import { gameById } from "~/features/catalogue/api.server";
import type { Route } from "./+types/game";

/** GET /api/get/game/:id */
export function loader(args: Route.LoaderArgs) {
  return gameById(args, args.params.id);
}
