import { registerStreamerSchema, STAFF_STREAMER_COPY } from "~/features/staff-streamers";
import { registerStreamer } from "~/features/staff-streamers/index.server";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/register/influencer {fullName, username, email, country}: the streamer gets the password set-up email. */
export const action = jsonAction(
  { schema: registerStreamerSchema, auth: true, staff: "influencers" },
  async ({ request, env, viewer, input }) => ({
    message: STAFF_STREAMER_COPY.registered,
    ...(await registerStreamer(env, viewer, input, publicOrigin(request, env))),
  }),
);
