import { gamesForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/games-for-scroll";

/** GET /api/get/GamesForScroll */
export function loader(args: Route.LoaderArgs) {
  return gamesForScroll(args, { paginated: false });
}
