import { ONBOARDING_STAFF_MESSAGES as M } from "~/features/onboarding/messages";
import { verifyOnboardings } from "~/features/onboarding/staff.server";
import { verifyManySchema, verifyOneSchema } from "~/features/onboarding/staff-schema";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import { readBody } from "~/platform/http.server";
import { jsonAction } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/post/admin/verify-star-agreement and /api/admin/verify-star-agreement {BankschemaId, secretKey?}, and
 * POST /api/admin/verify-multiple-star-agreement {BankschemaIds, secretKey?}.
 */
export const action = jsonAction({ auth: true, staff: "onboarding" }, async ({ request, env, viewer }) => {
  const body = (await readBody(request)) ?? {};
  if (new URL(request.url).pathname.endsWith("/verify-multiple-star-agreement")) {
    const input = verifyManySchema.safeParse(body);
    if (!input.success) throw badRequest(firstIssue(input.error));
    return {
      message: M.verified,
      ...(await verifyOnboardings(env, viewer, input.data.BankschemaIds, input.data.secretKey)),
    };
  }
  const input = verifyOneSchema.safeParse(body);
  if (!input.success) throw badRequest(firstIssue(input.error));
  return {
    message: M.verified,
    ...(await verifyOnboardings(env, viewer, [input.data.BankschemaId], input.data.secretKey)),
  };
});
