import { upcomingSlotsOfGig } from "~/features/seats/index.server";
import { getDb } from "~/platform/db.server";
import { jsonAction } from "../_lib/json-action.server";

/**
 * GET /api/get/slots/:productId: the gig's upcoming open slots with seats left (times in UTC). The API's fields for the
 * slot's streamer and gig keep their public names, `influencerId` and `productId`.
 */
export const loader = jsonAction({ methods: ["GET"] }, async ({ env, params }) => ({
  slots: (await upcomingSlotsOfGig(getDb(env), params.productId ?? "")).map(({ streamerId, gigId, ...slot }) => ({
    ...slot,
    influencerId: streamerId,
    productId: gigId,
  })),
}));
