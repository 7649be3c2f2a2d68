import { bannersList } from "~/features/catalogue/api.server";
import type { Route } from "./+types/banners";

/** GET /api/get/banners */
export function loader(args: Route.LoaderArgs) {
  return bannersList(args);
}
