import { parseWithZod } from "@conform-to/zod/v4";
import { badRequest } from "~/lib/errors";
import { firstIssue } from "~/lib/validation";
import type { z } from "~/lib/zod";

/**
 * The body of an /api call that may carry files: JSON (no files), or form data (multipart or urlencoded) with
 * nested fields named as the page's Conform forms name them (`modes[0].name`), validated by the page's own Zod
 * schema. Answers the parsed input and, for form bodies, the FormData (to read the files from); a bad body is a
 * 400 with the first problem.
 */
export async function readFormBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ input: z.output<S>; form: FormData | null }> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const parsed = schema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw badRequest(firstIssue(parsed.error));
    return { input: parsed.data, form: null };
  }
  const form = await request.formData().catch(() => null);
  if (!form) throw badRequest("The request body must be JSON or form data");
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    throw badRequest(first ?? "Bad request");
  }
  return { input: submission.value as z.output<S>, form };
}
