import { openQueueCounts } from "~/features/dashboard/index.server";
import { jsonLoader } from "../_lib/json-action.server";

/** GET /api/influencer/profile/getTotalQueueCounts: the streamer's open session's lane counts (zeros when not live). */
export const loader = jsonLoader({ auth: true }, async ({ env, viewer }) => {
  const counts = await openQueueCounts(env, viewer, viewer.id);
  const vip = counts?.vip ?? 0;
  const regular = counts?.regular ?? 0;
  return {
    data: {
      liveSessionId: counts?.liveSessionId ?? null,
      vipQueueCount: vip,
      regularQueueCount: regular,
      totalQueueCount: vip + regular,
    },
  };
});
