import { CONTENT_COPY, submissionsQuerySchema } from "~/features/content";
import { listContactSubmissions, markSubmissionHandled } from "~/features/content/index.server";
import { jsonAction, jsonLoader } from "~/routes/api/_lib/json-action.server";

/** GET /api/admin/get-contactus-submissions (page, limit; show=open|handled|all, open by default). */
export const loader = jsonLoader(
  { schema: submissionsQuerySchema, auth: true, staff: "contactSubmissions" },
  async ({ env, viewer, input }) => listContactSubmissions(env, viewer, input),
);

/** POST /api/admin/contactus-submissions/:id/handled */
export const action = jsonAction({ auth: true, staff: "contactSubmissions" }, async ({ env, viewer, params }) => ({
  message: CONTENT_COPY.submissionHandled,
  ...(await markSubmissionHandled(env, viewer, params.id ?? "")),
}));
