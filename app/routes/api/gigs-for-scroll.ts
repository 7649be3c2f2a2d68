import { gigsQuerySchema } from "~/features/catalogue";
import { gigsPage } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/GigsForScroll */
export const loader = catalogueLoader(gigsQuerySchema, (req, query) => gigsPage(req, query, { paginated: false }));
