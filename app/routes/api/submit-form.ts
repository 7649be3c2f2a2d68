import { getViewer } from "~/features/auth/index.server";
import { CONTENT_COPY, contactFormSchema } from "~/features/content";
import { submitContactForm } from "~/features/content/index.server";
import { isAppError } from "~/lib/errors";
import { clientIp, jsonError } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { jsonAction } from "./_lib/json-action.server";

/** POST /api/post/submit-form: the contact form as JSON (or form data); same rule as /contact-us. */
export const action = jsonAction({ schema: contactFormSchema }, async ({ request, env, input }) => {
  try {
    const viewer = await getViewer(request, env);
    await submitContactForm(env, input, { ip: clientIp(request, env), userId: viewer?.id });
  } catch (error) {
    if (isAppError(error)) throw error;
    log.error("contact.failed", { error });
    return jsonError(503, CONTENT_COPY.contactError);
  }
  return { message: CONTENT_COPY.contactSuccess };
});
