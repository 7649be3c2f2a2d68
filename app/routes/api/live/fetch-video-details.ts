import { parentHostsFor } from "~/features/live";
import { videoDetailsFor } from "~/features/live/index.server";
import { z } from "~/lib/zod";
import { publicOrigin } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

const schema = z.object({ embedLink: z.string({ error: "embedLink is required" }).trim().min(1).max(4000) });

/** POST /api/fetch-video-details {embedLink}: {success, title, description, thumbnail, error} (streamers only). */
export const action = jsonAction({ auth: true, schema }, async ({ request, env, input, viewer }) => {
  if (!viewer.isStreamer)
    return Response.json({ success: false, message: "Only streamers can go live" }, { status: 403 });
  const answer = await videoDetailsFor(env, input.embedLink, parentHostsFor(publicOrigin(request, env)));
  if (!answer.success) return Response.json({ ...answer, message: answer.error }, { status: 400 });
  return answer;
});
