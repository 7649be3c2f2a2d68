import { getViewer } from "~/features/auth/session.server";
import { submitContactForm } from "~/features/content/contact.server";
import { contactFormSchema } from "~/features/content/schema";
import { MESSAGES } from "~/lib/messages";
import { clientIp, jsonError } from "~/platform/http.server";
import { jsonAction } from "./_lib/json-action.server";

/** POST /api/post/submit-form: the contact form as JSON (or form data); same rule as /contact-us. */
export const action = jsonAction({ schema: contactFormSchema }, async ({ request, env, input }) => {
  try {
    const viewer = await getViewer(request, env);
    const outcome = await submitContactForm(env, input, { ip: clientIp(request), userId: viewer?.id });
    if (!outcome.ok) return jsonError(429, MESSAGES.contactError);
  } catch (error) {
    console.error("submit-form", error);
    return jsonError(503, MESSAGES.contactError);
  }
  return { message: MESSAGES.contactSuccess };
});
