import { badRequest } from "~/lib/errors";
import type { z } from "~/lib/zod";
import { firstIssue } from "./json-action.server";

/** A GET call's query string validated by a Zod schema; a bad one throws a 400 AppError with the first message. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest(firstIssue(parsed.error));
  return parsed.data;
}
