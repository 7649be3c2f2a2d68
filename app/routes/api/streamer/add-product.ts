import { GIG_COPY, ownGigJson } from "~/features/gigs";
import { createGig, getOwnGig, streamerCurrency } from "~/features/gigs/index.server";
import { readGigBody } from "~/routes/api/_lib/gig-body.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencer/add/product (JSON, or multipart with product_cover_img) */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) => {
  const { input, cover } = await readGigBody(request, streamerCurrency(viewer));
  const { id } = await createGig(env, viewer, input, cover);
  return { message: GIG_COPY.added, product: ownGigJson(await getOwnGig(env, viewer, id)) };
});
