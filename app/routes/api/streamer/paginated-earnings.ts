import { paginatedEarnings } from "~/features/earnings/index.server";
import { badRequest } from "~/lib/errors";
import { z } from "~/lib/zod";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

const query = z.object({
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(7), z.literal(30), z.literal(90)]))
    .optional()
    .default(7),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(50).optional().default(10),
});

/** GET /api/get/influencer/paginated-earnings/:id?days=7|30|90&page&limit */
export const loader = jsonAction({ auth: true, methods: ["GET"] }, async ({ request, env, params, viewer }) => {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw badRequest("days must be 7, 30 or 90");
  const result = await paginatedEarnings(env, viewer, params.id ?? "", parsed.data);
  return { ...result, earnings: result.earnings.map((e) => ({ ...e, paidAt: e.paidAt?.toISOString() ?? null })) };
});
