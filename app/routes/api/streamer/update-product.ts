import { GIG_COPY, ownGigJson } from "~/features/gigs";
import { getOwnGig, streamerCurrency, updateGig } from "~/features/gigs/index.server";
import { readGigBody } from "~/routes/api/_lib/gig-body.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencer/update/product/:id (JSON, or multipart with product_cover_img) */
export const action = jsonAction({ auth: true }, async ({ request, env, params, viewer }) => {
  const { input, cover } = await readGigBody(request, streamerCurrency(viewer));
  await updateGig(env, viewer, params.id ?? "", input, cover);
  return { message: GIG_COPY.updated, product: ownGigJson(await getOwnGig(env, viewer, params.id ?? "")) };
});
