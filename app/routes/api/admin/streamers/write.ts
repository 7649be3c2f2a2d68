import { removeStreamerSchema, STAFF_STREAMER_COPY, showAtLandingSchema } from "~/features/staff-streamers";
import { removeStreamer, setShowAtLanding } from "~/features/staff-streamers/index.server";
import { readBody } from "~/platform/http.server";
import { jsonAction, parseInput } from "~/routes/api/_lib/json-action.server";

/** POST /api/influencers/:id/showAtLanding {showAtLanding} and POST /api/post/admin/removeInfluencer/:id {removeClean} */
export const action = jsonAction({ auth: true, staff: "influencers" }, async ({ request, env, viewer, params }) => {
  const body = (await readBody(request)) ?? {};
  const id = params.id ?? "";
  if (new URL(request.url).pathname.includes("/removeInfluencer/")) {
    const input = parseInput(removeStreamerSchema, body);
    return { message: STAFF_STREAMER_COPY.removed, ...(await removeStreamer(env, viewer, id, input)) };
  }
  const input = parseInput(showAtLandingSchema, body);
  const result = await setShowAtLanding(env, viewer, id, input.showAtLanding);
  return {
    message: result.showAtLanding ? STAFF_STREAMER_COPY.landingShown : STAFF_STREAMER_COPY.landingHidden,
    ...result,
  };
});
