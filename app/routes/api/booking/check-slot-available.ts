import { checkSlotAvailable } from "~/features/seats/index.server";
import { z } from "~/lib/zod";
import { getDb } from "~/platform/db.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction } from "../_lib/json-action.server";

const schema = z.object({ numberOfPlayers: z.coerce.number().int().min(1).max(100).default(1) });

/** POST /api/post/check-slot-available-to-book/:slotId {numberOfPlayers?} -> {available, seatsLeft} */
export const action = jsonAction({ schema, auth: true }, async ({ env, params, input, viewer }) =>
  checkSlotAvailable(getDb(env), params.slotId ?? "", input.numberOfPlayers, new Date(), viewer.id),
);

export function loader() {
  return jsonError(405, "Method not allowed: use POST");
}
