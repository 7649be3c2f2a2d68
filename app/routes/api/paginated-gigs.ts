import { gigsForScroll } from "~/features/catalogue/api.server";
import type { Route } from "./+types/paginated-gigs";

/** GET /api/get/PaginatedGigs (GigsForScroll with total and totalPages) */
export function loader(args: Route.LoaderArgs) {
  return gigsForScroll(args, { paginated: true });
}
