import { getAuth } from "~/features/auth/session.server";
import { issueTokenPair } from "~/features/auth/tokens.server";
import { assertSameOrigin, envOf, jsonError } from "~/platform/http.server";
import type { Route } from "./+types/generate-new-token";

/**
 * POST /api/auth/generate-new-token: a logged-in client (browser session or access token) gets a new
 * token pair for the JSON API, tied to its login, so logging out or changing the password ends it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const env = envOf(context);
  const auth = await getAuth(request, env);
  if (!auth) return jsonError(401, "Not logged in");
  const pair = await issueTokenPair(env, { userId: auth.viewer.id, sessionId: auth.sessionId });
  return Response.json(
    {
      success: true,
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      accessTokenExpiresAt: pair.accessTokenExpiresAt,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
