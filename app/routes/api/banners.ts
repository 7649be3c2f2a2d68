import { bannersList } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/banners */
export const loader = catalogueLoader(undefined, bannersList);
