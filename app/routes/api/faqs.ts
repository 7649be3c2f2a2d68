import { listFaqs } from "~/features/content/index.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/faqs";

/** GET /api/get/Faqs */
export async function loader({ context }: Route.LoaderArgs) {
  const faqs = await listFaqs(envOf(context));
  return Response.json({ success: true, data: faqs.map((faq) => ({ _id: faq.id, ...faq })) });
}
