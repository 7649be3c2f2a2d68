import { viewerQueues } from "~/features/live/index.server";
import { z } from "~/lib/zod";
import { jsonLoader } from "../_lib/json-action.server";

const schema = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(50).optional().default(10),
});

/** GET /api/get/queues_by_user_id and paginatedqueues_by_user_id: the viewer's queue places, newest first. */
export const loader = jsonLoader({ auth: true, schema }, async ({ env, input, viewer }) => ({
  data: await viewerQueues(env, viewer, input.page, input.limit),
}));
