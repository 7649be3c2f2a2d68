import { slotJson, UPCOMING_SLOTS_LIMIT } from "~/features/slots";
import { upcomingSlots } from "~/features/slots/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

const query = z.object({ limit: z.coerce.number().int().min(1).max(100).optional().default(UPCOMING_SLOTS_LIMIT) });

/** GET /api/get/present_future/slots/influencer/:id?limit (default 5) */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: query },
  async ({ input, env, params, viewer }) => {
    const { limit } = input;
    const rows = await upcomingSlots(env, viewer, params.id ?? "", { limit });
    return { slots: rows.map(slotJson) };
  },
);
