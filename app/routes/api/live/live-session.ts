import { getViewer } from "~/features/auth/index.server";
import { getLiveSession, placeOf } from "~/features/live/index.server";
import { jsonLoader } from "../_lib/json-action.server";

/** GET /api/get/liveSession/:id: the session, both lanes' counts and the viewer's own place. 404 when unknown. */
export const loader = jsonLoader({}, async ({ request, env, params }) => {
  const id = params.id ?? "";
  const session = await getLiveSession(env, id);
  const viewer = await getViewer(request, env);
  const queue = await placeOf(env, id, viewer?.id ?? null);
  return { data: { ...session, queue } };
});
