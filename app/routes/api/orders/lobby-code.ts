import { lobbyCodeQuerySchema } from "~/features/booking";
import { lobbyCodeForUser } from "~/features/booking/index.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";
import { parseQuery } from "~/routes/api/_lib/query.server";

/**
 * GET /api/user/lobby-code-details (liveSessionId, productId, slotId): the code of the caller's booked slot or
 * queued live session; an empty entry (lobbyCode "") while none is set or shown yet; 403 if not theirs.
 */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, viewer }) => ({
  data: await lobbyCodeForUser(env, viewer, parseQuery(request, lobbyCodeQuerySchema)),
}));
