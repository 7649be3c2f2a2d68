import { creatorsQuerySchema } from "~/features/catalogue";
import { creatorsPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/influencers: the stars, most popular first (the creators list with its defaults). */
export const loader = catalogueLoader(creatorsQuerySchema, (req, query) =>
  creatorsPage(req, query, { paginated: false }),
);
