import { buyerJson, SLOT_BUYERS_PAGE, slotJson } from "~/features/slots";
import { slotWithBuyers } from "~/features/slots/index.server";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

const query = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(50).optional().default(SLOT_BUYERS_PAGE),
});

/** GET /api/get/slot/:id?page&limit: one slot of the streamer's, with its buyers 4 a page */
export const loader = jsonAction(
  { auth: true, methods: ["GET"], schema: query },
  async ({ input, env, params, viewer }) => {
    const { page, limit } = input;
    const result = await slotWithBuyers(env, viewer, params.id ?? "", page, limit);
    return {
      slot: slotJson(result.slot),
      users: result.buyers.map(buyerJson),
      page: result.page,
      limit: result.limit,
      totalUsers: result.totalUsers,
      totalPages: result.totalPages,
    };
  },
);
