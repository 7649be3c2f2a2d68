import { mostPopularStars } from "~/features/catalogue/reads.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/mostPopularStars */
export const loader = catalogueLoader(undefined, mostPopularStars);
