import { allGames } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/admin/games */
export const loader = catalogueLoader(undefined, allGames);
