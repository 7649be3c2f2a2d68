import { ownGigJson } from "~/features/gigs";
import { getOwnGig } from "~/features/gigs/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/product/:id (one gig of the viewer's own, for editing) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ env, params, viewer }) => {
  return { product: ownGigJson(await getOwnGig(env, viewer, params.id ?? "")) };
});
