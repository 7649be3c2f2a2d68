import { CONTENT_COPY, legalUpdateSchema } from "~/features/content";
import { allLegalForStaff, saveLegalFromApi } from "~/features/content/index.server";
import { badRequest } from "~/lib/errors";
import { readBody } from "~/platform/http.server";
import { jsonAction, jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/get/admin/termsAndPrivacy: the three documents as stored. */
export const loader = jsonLoader({ auth: true, staff: "content" }, async ({ env, viewer }) => ({
  data: await allLegalForStaff(env, viewer),
}));

/**
 * POST /api/post/admin/update/termsAndPrivacy {key, value}, and POST /api/post/admin/privacy-policy and
 * /api/post/admin/terms-of-service with the document itself (the API's field names or the editor's).
 */
export const action = jsonAction({ auth: true, staff: "content" }, async ({ request, env, viewer }) => {
  const path = new URL(request.url).pathname;
  const body = (await readBody(request)) ?? {};
  if (path.endsWith("/privacy-policy") || path.endsWith("/terms-of-service")) {
    const type = path.endsWith("/privacy-policy") ? "mainPrivacyPolicy" : "mainTermsAndConditions";
    return { message: CONTENT_COPY.termsSaved, data: (await saveLegalFromApi(env, viewer, type, body)).content };
  }
  const input = legalUpdateSchema.safeParse(body);
  if (!input.success) throw badRequest(CONTENT_COPY.termsUpdate);
  const saved = await saveLegalFromApi(env, viewer, input.data.key, input.data.value);
  return { message: CONTENT_COPY.termsSaved, data: saved.content };
});
