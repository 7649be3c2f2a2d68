import { getAuth, issueTokenPair } from "~/features/auth/index.server";
import { jsonError } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/**
 * POST /api/auth/generate-new-token: a logged-in client (browser session or access token) gets a new
 * token pair for the JSON API, tied to its login, so logging out or changing the password ends it.
 */
export const action = jsonAction({}, async ({ request, env }) => {
  const auth = await getAuth(request, env);
  if (!auth) return jsonError(401, "Not logged in");
  const pair = await issueTokenPair(env, { userId: auth.viewer.id, sessionId: auth.sessionId });
  return jsonOk({ ...pair }, { "Cache-Control": "no-store" });
});
