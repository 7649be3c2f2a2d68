import { DATA_EXPORT_KINDS, exportMyData } from "~/features/privacy/index.server";
import { z } from "~/lib/zod";
import { downloadResponse } from "~/routes/_lib/download.server";
import { viewerTimeZone } from "~/routes/_lib/viewer-zone.server";
import { jsonLoader } from "~/routes/api/_lib/json-action.server";

const exportQuerySchema = z.object({ format: z.enum(DATA_EXPORT_KINDS).default("json") });

/**
 * GET /api/user/data-export?format=json|orders.csv|wallet.csv: the signed-in person's data (cookie or bearer token),
 * streamed; the same use case and hourly limit as /profile/data.
 */
export const loader = jsonLoader(
  { auth: true, schema: exportQuerySchema },
  async ({ request, context, env, viewer, input }) =>
    downloadResponse(await exportMyData(env, viewer, input.format, await viewerTimeZone(request, context))),
);
