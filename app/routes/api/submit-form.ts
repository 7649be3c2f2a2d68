import { getViewer } from "~/features/auth/session.server";
import { submitContactForm } from "~/features/content/contact.server";
import { contactFormSchema } from "~/features/content/schema";
import { MESSAGES } from "~/lib/messages";
import { assertSameOrigin, clientIp, envOf, jsonError, readBody } from "~/platform/http.server";
import type { Route } from "./+types/submit-form";

/** POST /api/post/submit-form: the contact form as JSON (or form data); same rule as /contact-us. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  assertSameOrigin(request);
  const env = envOf(context);
  const body = await readBody(request);
  if (!body) return jsonError(400, "The request body must be JSON or form data");
  const input = contactFormSchema.safeParse(body);
  if (!input.success) {
    const errors = input.error.flatten().fieldErrors;
    return jsonError(400, Object.values(errors).flat()[0] ?? MESSAGES.contactError, { errors });
  }
  try {
    const viewer = await getViewer(request, env);
    const outcome = await submitContactForm(env, input.data, { ip: clientIp(request), userId: viewer?.id });
    if (!outcome.ok) return jsonError(429, MESSAGES.contactError);
  } catch (error) {
    console.error("submit-form", error);
    return jsonError(503, MESSAGES.contactError);
  }
  return Response.json({ success: true, message: MESSAGES.contactSuccess });
}
