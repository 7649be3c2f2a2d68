import { landingGamesList } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/landingGames */
export const loader = catalogueLoader(undefined, landingGamesList);
