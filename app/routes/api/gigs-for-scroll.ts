import { gigsForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/gigs-for-scroll";

/** GET /api/get/GigsForScroll */
export function loader(args: Route.LoaderArgs) {
  return gigsForScroll(args, { paginated: false });
}
