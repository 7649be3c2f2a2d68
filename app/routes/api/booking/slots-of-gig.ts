import { upcomingSlotsOfGig } from "~/features/seats/index.server";
import { getDb } from "~/platform/db.server";
import { jsonAction } from "../_lib/json-action.server";

/** GET /api/get/slots/:productId: the gig's upcoming open slots with seats left (times in UTC). */
export const loader = jsonAction({ methods: ["GET"] }, async ({ env, params }) => ({
  slots: await upcomingSlotsOfGig(getDb(env), params.productId ?? ""),
}));
