import { getViewer } from "~/features/auth/session.server";
import { submitContactForm } from "~/features/content/contact.server";
import { CONTENT_MESSAGES } from "~/features/content/messages";
import { contactFormSchema } from "~/features/content/schema";
import { isAppError } from "~/lib/errors";
import { clientIp, jsonError } from "~/platform/http.server";
import { log } from "~/platform/log.server";
import { jsonAction } from "./_lib/json-action.server";

/** POST /api/post/submit-form: the contact form as JSON (or form data); same rule as /contact-us. */
export const action = jsonAction({ schema: contactFormSchema }, async ({ request, env, input }) => {
  try {
    const viewer = await getViewer(request, env);
    await submitContactForm(env, input, { ip: clientIp(request), userId: viewer?.id });
  } catch (error) {
    if (isAppError(error)) throw error;
    log.error("contact.failed", { error });
    return jsonError(503, CONTENT_MESSAGES.contactError);
  }
  return { message: CONTENT_MESSAGES.contactSuccess };
});
