import { influencersList } from "~/features/catalogue/api.server";
import type { Route } from "./+types/influencers";

/** GET /api/get/influencers */
export function loader(args: Route.LoaderArgs) {
  return influencersList(args);
}
