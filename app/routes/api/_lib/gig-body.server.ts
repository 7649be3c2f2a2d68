import { type BaseCurrency, gigSchema } from "~/features/gigs";
import { uploadedFile } from "~/features/gigs/index.server";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/routes/api/_lib/json-action.server";

/**
 * The body of add/update product: JSON, or multipart with the cover in `product_cover_img` (requirements and
 * session_tags then as JSON text or repeated fields), validated by the same schema as the page.
 */
export async function readGigBody(request: Request, currency: BaseCurrency) {
  const type = request.headers.get("Content-Type") ?? "";
  let fields: Record<string, unknown> = {};
  let cover: File | null = null;
  if (type.includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    fields = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } else {
    const form = await request.formData().catch(() => null);
    if (!form) throw badRequest("The request body must be JSON or form data");
    cover = uploadedFile(form.get("product_cover_img"));
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).filter((v): v is string => typeof v === "string");
      fields[key] = values.length > 1 ? values : values[0];
    }
    for (const key of ["requirements", "session_tags"]) {
      const value = fields[key];
      if (typeof value === "string" && value.trim().startsWith("[")) {
        try {
          fields[key] = JSON.parse(value);
        } catch {
          throw badRequest(`${key} must be a JSON list`);
        }
      }
    }
  }
  const parsed = gigSchema(currency).safeParse(fields);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return { input: parsed.data, cover };
}
