import { inactiveGigsQuerySchema, ownGigJson } from "~/features/gigs";
import { listGigs } from "~/features/gigs/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/paginatedproducts/:id?page&limit (15 a page by default) */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: inactiveGigsQuerySchema },
  async ({ input, env, params, viewer }) => {
    const query = input;
    const list = await listGigs(env, viewer, params.id ?? "", {
      archived: false,
      page: query.page,
      limit: query.limit,
    });
    return { ...list, gigs: undefined, products: list.gigs.map(ownGigJson) };
  },
);
