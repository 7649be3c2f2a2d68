import { grantCookieHeader, SITE_GATE_MESSAGES, validateSiteToken } from "~/features/auth/site-gate.server";
import { assertSameOrigin, envOf, jsonError, readBody } from "~/platform/http.server";
import type { Route } from "./+types/validate-token-for-website-password";

/** POST /api/admin/validate-token-for-website-password {token} → {success, message} and the access cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const env = envOf(context);
  const body = await readBody(request);
  if (!body || typeof body.token !== "string") return jsonError(400, "Please enter the access token");
  const result = await validateSiteToken(env, body.token.trim());
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json(
    { success: true, message: SITE_GATE_MESSAGES.granted, token: result.token },
    { headers: { "Set-Cookie": await grantCookieHeader(env, result.token) } },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
