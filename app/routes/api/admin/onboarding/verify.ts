import { ONBOARDING_STAFF_COPY, verifyManySchema, verifyOneSchema } from "~/features/onboarding";
import { verifyOnboardings } from "~/features/onboarding/index.server";
import { readBody } from "~/platform/http.server";
import { jsonAction, parseInput } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/post/admin/verify-star-agreement and /api/admin/verify-star-agreement {BankschemaId, secretKey?}, and
 * POST /api/admin/verify-multiple-star-agreement {BankschemaIds, secretKey?}.
 */
export const action = jsonAction({ auth: true, staff: "onboarding" }, async ({ request, env, viewer }) => {
  const body = (await readBody(request)) ?? {};
  if (new URL(request.url).pathname.endsWith("/verify-multiple-star-agreement")) {
    const input = parseInput(verifyManySchema, body);
    return {
      message: ONBOARDING_STAFF_COPY.verified,
      ...(await verifyOnboardings(env, viewer, input.BankschemaIds, input.secretKey)),
    };
  }
  const input = parseInput(verifyOneSchema, body);
  return {
    message: ONBOARDING_STAFF_COPY.verified,
    ...(await verifyOnboardings(env, viewer, [input.BankschemaId], input.secretKey)),
  };
});
