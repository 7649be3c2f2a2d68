import { CONTENT_COPY, legalTypeSchema } from "~/features/content";
import { getLegalContent } from "~/features/content/index.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/terms-and-privacy";

/** GET /api/get/user/termsAndPrivacy?type=mainTermsAndConditions|mainPrivacyPolicy|vipQueueTermsAndConditions */
export async function loader({ request, context }: Route.LoaderArgs) {
  const type = legalTypeSchema.safeParse(new URL(request.url).searchParams.get("type"));
  if (!type.success)
    return jsonError(400, "type must be one of mainTermsAndConditions, mainPrivacyPolicy, vipQueueTermsAndConditions");
  const content = await getLegalContent(envOf(context), type.data);
  if (!content) return jsonError(404, CONTENT_COPY.termsFetch);
  return Response.json({ success: true, type: type.data, data: content });
}
