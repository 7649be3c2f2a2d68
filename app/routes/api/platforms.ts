import { allPlatforms } from "~/features/catalogue/api.server";
import type { Route } from "./+types/platforms";

/** GET /api/get/platforms */
export function loader(args: Route.LoaderArgs) {
  return allPlatforms(args);
}
