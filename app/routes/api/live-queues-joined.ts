import { sessionsQuerySchema } from "~/features/catalogue";
import { catalogueRequest, liveQueuesJoined } from "~/features/catalogue/index.server";
import { jsonLoader } from "./_lib/json-action.server";

/** GET /api/user/live-queues-joined (401 when not logged in) */
export const loader = jsonLoader(
  { schema: sessionsQuerySchema, auth: true },
  async ({ request, context, input, viewer }) =>
    liveQueuesJoined(await catalogueRequest(request, context), viewer.id, input),
);
