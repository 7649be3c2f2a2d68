import { mostPopularGigs } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/mostPopularProducts */
export const loader = catalogueLoader(undefined, mostPopularGigs);
