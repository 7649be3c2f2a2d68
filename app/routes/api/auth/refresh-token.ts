import { rotateRefreshToken } from "~/features/auth/tokens.server";
import { assertSameOrigin, envOf, jsonError, readBody } from "~/platform/http.server";
import type { Route } from "./+types/refresh-token";

/**
 * POST /api/auth/refresh-token {refreshToken} → {accessToken, refreshToken}. The presented token is used
 * up; presenting it again revokes every token of that login (docs/decisions/007).
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const body = await readBody(request);
  if (!body || typeof body.refreshToken !== "string" || !body.refreshToken) {
    return jsonError(400, "refreshToken is required");
  }
  const result = await rotateRefreshToken(envOf(context), body.refreshToken);
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json(
    {
      success: true,
      accessToken: result.accessToken,
      refreshToken: result.refreshToken,
      accessTokenExpiresAt: result.accessTokenExpiresAt,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
