import { creatorsQuerySchema } from "~/features/catalogue";
import { creatorsPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/PaginatedStars (CreatorsForScroll with total and totalPages) */
export const loader = catalogueLoader(creatorsQuerySchema, (req, query) =>
  creatorsPage(req, query, { paginated: true }),
);
