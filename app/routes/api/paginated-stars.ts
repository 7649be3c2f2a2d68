import { streamersQuerySchema } from "~/features/catalogue";
import { streamersPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/PaginatedStars (CreatorsForScroll with total and totalPages) */
export const loader = catalogueLoader(streamersQuerySchema, (req, query) =>
  streamersPage(req, query, { paginated: true }),
);
