import { allPlatforms } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/platforms */
export const loader = catalogueLoader(undefined, allPlatforms);
