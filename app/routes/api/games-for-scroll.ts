import { gamesPage } from "~/features/catalogue/reads.server";
import { gamesQuerySchema } from "~/features/catalogue/schema";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/GamesForScroll */
export const loader = catalogueLoader(gamesQuerySchema, (req, query) => gamesPage(req, query, { paginated: false }));
