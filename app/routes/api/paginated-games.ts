import { gamesQuerySchema } from "~/features/catalogue";
import { gamesPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/paginatedGames (GamesForScroll with total and totalPages) */
export const loader = catalogueLoader(gamesQuerySchema, (req, query) => gamesPage(req, query, { paginated: true }));
