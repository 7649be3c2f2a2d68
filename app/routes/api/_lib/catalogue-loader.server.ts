import { type CatalogueRequest, catalogueRequest } from "~/features/catalogue/index.server";
import type { z } from "~/lib/zod";
import { jsonLoader } from "./json-action.server";

type Read<S extends z.ZodType> = (
  req: CatalogueRequest,
  input: z.output<S>,
  params: Record<string, string | undefined>,
) => Promise<Response | Record<string, unknown>>;

/**
 * A catalogue GET of docs/domain.md: the query string through `schema` (400), then the read use case with
 * the catalogue request (database, optional viewer, display currency); its AppError becomes the JSON error.
 */
export function catalogueLoader<S extends z.ZodType>(schema: S | undefined, read: Read<S>) {
  return jsonLoader({ schema }, async ({ request, context, input, params }) =>
    read(await catalogueRequest(request, context), input, params),
  );
}
