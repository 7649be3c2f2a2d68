import { inactiveGigsQuerySchema, ownGigJson } from "~/features/gigs";
import { listGigs } from "~/features/gigs/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/influencer/inactive-gigs/:id?filter&page&limit (archived gigs, filtered by title) */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: inactiveGigsQuerySchema },
  async ({ input, env, params, viewer }) => {
    const query = input;
    const list = await listGigs(env, viewer, params.id ?? "", { archived: true, ...query });
    return { ...list, gigs: undefined, products: list.gigs.map(ownGigJson) };
  },
);
