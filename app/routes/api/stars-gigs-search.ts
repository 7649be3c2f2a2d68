import { suggestionsApi } from "~/features/search/api.server";
import type { Route } from "./+types/stars-gigs-search";

/** GET /api/get/stars_gigs_search?searchQuery= */
export function loader(args: Route.LoaderArgs) {
  return suggestionsApi(args);
}
