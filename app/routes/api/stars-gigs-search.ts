import { searchQuerySchema } from "~/features/catalogue";
import { searchSuggestions } from "~/features/catalogue/index.server";
import { getDb } from "~/platform/db.server";
import { jsonLoader } from "./_lib/json-action.server";

/** GET /api/get/stars_gigs_search?searchQuery=...: suggestions for the header search box. */
export const loader = jsonLoader({ schema: searchQuerySchema }, async ({ env, input }) => {
  const suggestions = await searchSuggestions(getDb(env), input.searchQuery);
  return Response.json(
    {
      success: true,
      searchQuery: input.searchQuery,
      data: suggestions.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    },
    // The same for every visitor: browsers and the edge cache may keep it (docs/decisions/012).
    { headers: { "Cache-Control": "public, max-age=30" } },
  );
});
