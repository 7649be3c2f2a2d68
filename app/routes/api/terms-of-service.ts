import { CONTENT_COPY } from "~/features/content";
import { getLegalContent } from "~/features/content/index.server";
import { envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/terms-of-service";

/** GET /api/get/terms-of-service (docs/domain.md, "Copy"). */
export async function loader({ context }: Route.LoaderArgs) {
  const content = await getLegalContent(envOf(context), "mainTermsAndConditions");
  if (!content) return jsonError(404, CONTENT_COPY.termsFetch);
  return Response.json({ success: true, data: content });
}
