import { upcomingSlotsOfGig } from "~/features/seats/index.server";
import { getDb } from "~/platform/db.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * GET /api/get/slots/:productId: the gig's upcoming open slots with seats left (times in UTC). The API's field for the
 * slot's streamer keeps its public name, `influencerId`.
 */
export const loader = jsonAction({ methods: ["GET"] }, async ({ env, params }) => ({
  slots: (await upcomingSlotsOfGig(getDb(env), params.productId ?? "")).map(({ streamerId, ...slot }) => ({
    ...slot,
    influencerId: streamerId,
  })),
}));
