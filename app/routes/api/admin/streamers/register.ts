import { STAFF_INFLUENCER_MESSAGES as M, registerInfluencerSchema } from "~/features/staff-streamers";
import { registerInfluencer } from "~/features/staff-streamers/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/register/influencer {fullName, username, email, country}: the streamer gets the password set-up email. */
export const action = jsonAction(
  { schema: registerInfluencerSchema, auth: true, staff: "influencers" },
  async ({ request, env, viewer, input }) => ({
    message: M.registered,
    ...(await registerInfluencer(env, viewer, input, publicOrigin(request, env))),
  }),
);
