import { streamersQuerySchema } from "~/features/catalogue";
import { streamersPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/influencers: the stars, most popular first (the creators list with its defaults). */
export const loader = catalogueLoader(streamersQuerySchema, (req, query) =>
  streamersPage(req, query, { paginated: false }),
);
