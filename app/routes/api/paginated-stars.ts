import { creatorsForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/paginated-stars";

/** GET /api/get/PaginatedStars (CreatorsForScroll with total and totalPages) */
export function loader(args: Route.LoaderArgs) {
  return creatorsForScroll(args, { paginated: true });
}
