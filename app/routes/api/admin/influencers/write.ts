import { removeInfluencer, setShowAtLanding } from "~/features/staff-influencers/influencers.server";
import { STAFF_INFLUENCER_MESSAGES as M } from "~/features/staff-influencers/messages";
import { removeInfluencerSchema, showAtLandingSchema } from "~/features/staff-influencers/schema";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { readBody } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencers/:id/showAtLanding {showAtLanding} and POST /api/post/admin/removeInfluencer/:id {removeClean} */
export const action = jsonAction({ auth: true, staff: "influencers" }, async ({ request, env, viewer, params }) => {
  const body = (await readBody(request)) ?? {};
  const id = params.id ?? "";
  if (new URL(request.url).pathname.includes("/removeInfluencer/")) {
    const input = removeInfluencerSchema.safeParse(body);
    if (!input.success) throw badRequest(firstIssue(input.error));
    return { message: M.removed, ...(await removeInfluencer(env, viewer, id, input.data)) };
  }
  const input = showAtLandingSchema.safeParse(body);
  if (!input.success) throw badRequest(firstIssue(input.error));
  const result = await setShowAtLanding(env, viewer, id, input.data.showAtLanding);
  return { message: result.showAtLanding ? M.landingShown : M.landingHidden, ...result };
});
