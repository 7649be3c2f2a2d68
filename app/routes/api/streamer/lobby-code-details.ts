import { streamerLobbyCode } from "~/features/slots/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

const query = z.object({
  slotId: z.string().trim().min(1).max(64).optional(),
  liveSessionId: z.string().trim().min(1).max(64).optional(),
});

/** GET /api/streamer/lobby-code-details?slotId|liveSessionId (the streamer's own) */
export const loader = jsonAction({ auth: true, methods: ["GET"], schema: query }, async ({ input, env, viewer }) => {
  const where = input;
  return { data: await streamerLobbyCode(env, viewer, where) };
});
