import { modeById } from "~/features/catalogue/api.server";
import type { Route } from "./+types/game-mode";

/** GET /api/get/gamemode/:id */
export function loader(args: Route.LoaderArgs) {
  return modeById(args, args.params.id);
}
