import { creatorsForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/creators-for-scroll";

/** GET /api/get/CreatorsForScroll */
export function loader(args: Route.LoaderArgs) {
  return creatorsForScroll(args, { paginated: false });
}
