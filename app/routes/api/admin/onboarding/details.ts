import { secretKeyQuerySchema, streamerUserSchema } from "~/features/onboarding";
import { listOnboardingsForStaff, streamerBankDetails } from "~/features/onboarding/index.server";
import { jsonAction, jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/admin/star-agreement-details?secretKey: every submission with its details and files. */
export const loader = jsonLoader(
  { schema: secretKeyQuerySchema, auth: true, staff: "onboarding" },
  async ({ env, viewer, input }) => ({
    details: await listOnboardingsForStaff(env, viewer, { secretKey: input.secretKey }),
  }),
);

/** POST /api/get/admin/star-bank-details and /api/get/admin/star-agreement {userId}: one streamer's submission. */
export const action = jsonAction(
  { schema: streamerUserSchema.extend(secretKeyQuerySchema.shape), auth: true, staff: "onboarding" },
  async ({ env, viewer, input }) => ({
    details: await streamerBankDetails(env, viewer, input.userId, input.secretKey),
  }),
);
