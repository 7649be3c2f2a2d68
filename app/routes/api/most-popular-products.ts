import { mostPopularProducts } from "~/features/catalogue/api.server";
import type { Route } from "./+types/most-popular-products";

/** GET /api/get/mostPopularProducts */
export function loader(args: Route.LoaderArgs) {
  return mostPopularProducts(args);
}
