import { grantCookieHeader, SITE_GATE_MESSAGES, validateSitePassword } from "~/features/auth/site-gate.server";
import { assertSameOrigin, clientIp, envOf, jsonError, readBody } from "~/platform/http.server";
import type { Route } from "./+types/validate-website-password";

/** POST /api/admin/validate-website-password {password} → {success, message, token} and the access cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const env = envOf(context);
  const body = await readBody(request);
  if (!body || typeof body.password !== "string") return jsonError(400, "Please enter the website password");
  const result = await validateSitePassword(env, body.password, { ip: clientIp(request) });
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json(
    { success: true, message: SITE_GATE_MESSAGES.granted, token: result.token },
    { headers: { "Set-Cookie": await grantCookieHeader(env, result.token) } },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
