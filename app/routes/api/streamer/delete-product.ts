import { GIG_COPY } from "~/features/gigs";
import { deleteGig } from "~/features/gigs/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencer/delete/product/:id (refused, 409, when the gig has bookings: archive it instead) */
export const action = jsonAction({ auth: true, methods: ["POST", "DELETE"] }, async ({ env, params, viewer }) => {
  await deleteGig(env, viewer, params.id ?? "");
  return { message: GIG_COPY.deleted };
});
