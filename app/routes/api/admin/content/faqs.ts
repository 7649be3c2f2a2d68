import { CONTENT_COPY, faqIdSchema, faqMoveSchema, faqSchema } from "~/features/content";
import { deleteFaq, moveFaq, saveFaq } from "~/features/content/index.server";
import { readBody } from "~/platform/http.server";
import { jsonAction, parseInput } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/post/Faqs {id?, question, answer} (add, or edit by id), POST /api/post/faq {id} (delete) and
 * POST /api/admin/faq/move {id, direction: up|down}.
 */
export const action = jsonAction({ auth: true, staff: "content" }, async ({ request, env, viewer }) => {
  const path = new URL(request.url).pathname;
  const body = (await readBody(request)) ?? {};
  if (path.endsWith("/faq/move")) {
    const input = parseInput(faqMoveSchema, body);
    return { message: CONTENT_COPY.faqMoved, ...(await moveFaq(env, viewer, input.id, input.direction)) };
  }
  if (path.endsWith("/post/faq")) {
    return { message: CONTENT_COPY.faqDeleted, ...(await deleteFaq(env, viewer, parseInput(faqIdSchema, body).id)) };
  }
  return { message: CONTENT_COPY.faqSaved, ...(await saveFaq(env, viewer, parseInput(faqSchema, body))) };
});
