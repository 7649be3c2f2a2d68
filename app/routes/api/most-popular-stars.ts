import { mostPopularStars } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/mostPopularStars */
export const loader = catalogueLoader(undefined, mostPopularStars);
