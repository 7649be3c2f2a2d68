import { secretKeyQuerySchema, starUserSchema } from "~/features/onboarding";
import { listOnboardingsForStaff, starBankDetails } from "~/features/onboarding/index.server";
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
  { schema: starUserSchema.extend(secretKeyQuerySchema.shape), auth: true, staff: "onboarding" },
  async ({ env, viewer, input }) => ({ details: await starBankDetails(env, viewer, input.userId, input.secretKey) }),
);
