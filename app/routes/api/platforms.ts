import { allPlatforms } from "~/features/catalogue/reads.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/platforms */
export const loader = catalogueLoader(undefined, allPlatforms);
