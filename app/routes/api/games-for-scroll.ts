import { gamesQuerySchema } from "~/features/catalogue";
import { gamesPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/GamesForScroll */
export const loader = catalogueLoader(gamesQuerySchema, (req, query) => gamesPage(req, query, { paginated: false }));
