import { ONBOARDING_COPY, onboardingSchema } from "~/features/onboarding";
import { submitOnboarding } from "~/features/onboarding/index.server";
import { badRequest } from "~/lib/errors";
import { firstIssue, jsonAction } from "~/routes/api/_lib/json-action.server";

/** POST /api/post/streamer/onboard (multipart form: the fields, bankStatement and signedAgreement files) */
export const action = jsonAction({ auth: true }, async ({ request, env, viewer }) => {
  const form = await request.formData().catch(() => null);
  if (!form) throw badRequest("Send the onboarding form as multipart form data");
  const parsed = onboardingSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  const onboarding = await submitOnboarding(env, viewer, parsed.data);
  return { message: ONBOARDING_COPY.submitted, data: onboarding };
});
