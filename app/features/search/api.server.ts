import type { RouterContextProvider } from "react-router";
import { parseQuery, searchQuerySchema } from "~/features/catalogue/schema";
import { getDb } from "~/platform/db.server";
import { envOf, jsonError } from "~/platform/http.server";
import { searchSuggestions } from "./search.server";

/** GET /api/get/stars_gigs_search?searchQuery=...: suggestions for the header search box. */
export async function suggestionsApi({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const parsed = parseQuery(searchQuerySchema, new URL(request.url).searchParams);
  if (!parsed.ok) return jsonError(400, parsed.message);
  const suggestions = await searchSuggestions(getDb(envOf(context)), parsed.value.searchQuery);
  return Response.json(
    {
      success: true,
      searchQuery: parsed.value.searchQuery,
      data: suggestions.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    },
    // The same for every visitor: browsers and the edge cache may keep it (docs/decisions/010).
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
}
