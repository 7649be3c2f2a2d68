import { getSlot } from "~/features/booking/slots.server";
import { getDb } from "~/platform/db.server";
import { jsonAction } from "../_lib/json-action.server";

/** GET /api/get/slot/:id: one slot, its seats left and whether it can be booked. */
export const loader = jsonAction({ methods: ["GET"] }, async ({ env, params }) => ({
  slot: await getSlot(getDb(env), params.id ?? ""),
}));
