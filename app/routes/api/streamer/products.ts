import { ownGigJson } from "~/features/gigs";
import { listGigs } from "~/features/gigs/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/products/:id (the active gigs of influencer :id) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  const list = await listGigs(env, viewer, params.id ?? "", { archived: false, limit: 100 });
  return { products: list.gigs.map(ownGigJson), totalItems: list.totalItems };
});
