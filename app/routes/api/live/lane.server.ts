import { getViewer } from "~/features/auth/index.server";
import type { QueueLane } from "~/features/live";
import { laneEntries } from "~/features/live/index.server";
import { notFound } from "~/lib/errors";
import { jsonLoader } from "../_lib/json-action.server";

/** GET /api/get/vipQueue/:id and regularQueue/:id: one lane of a live session, in join order. */
export function laneLoader(lane: QueueLane) {
  return jsonLoader({}, async ({ request, env, params }) => {
    const entries = await laneEntries(env, await getViewer(request, env), params.id ?? "", lane);
    if (!entries) throw notFound("Live session not found");
    return { data: entries, count: entries.length };
  });
}
