import { z } from "zod";
import { streamerLobbyCode } from "~/features/slots/slots.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

const query = z.object({ slotId: z.string().optional(), liveSessionId: z.string().optional() });

/** GET /api/streamer/lobby-code-details?slotId|liveSessionId (the streamer's own) */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, viewer }) => {
  const where = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { data: await streamerLobbyCode(env, viewer, where) };
});
