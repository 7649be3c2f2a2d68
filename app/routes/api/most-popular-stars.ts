import { mostPopularStars } from "~/features/catalogue/api.server";
import type { Route } from "./+types/most-popular-stars";

/** GET /api/get/mostPopularStars */
export function loader(args: Route.LoaderArgs) {
  return mostPopularStars(args);
}
