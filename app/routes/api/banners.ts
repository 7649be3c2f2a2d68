import { bannersList } from "~/features/catalogue/reads.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/banners */
export const loader = catalogueLoader(undefined, bannersList);
