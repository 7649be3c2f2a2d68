import { landingGamesList } from "~/features/catalogue/api.server";
import type { Route } from "./+types/landing-games";

/** GET /api/get/landingGames */
export function loader(args: Route.LoaderArgs) {
  return landingGamesList(args);
}
