import { sitePasswordSchema } from "~/features/auth";
import { grantCookieHeader, SITE_GATE_COPY, validateSitePassword } from "~/features/auth/index.server";
import { clientIp } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/validate-website-password {password} → {success, message, token} and the access cookie. */
export const action = jsonAction({ schema: sitePasswordSchema }, async ({ request, env, input }) => {
  const result = await validateSitePassword(env, input.password, { ip: clientIp(request, env) });
  return jsonOk(
    { message: SITE_GATE_COPY.granted, token: result.token },
    { "Set-Cookie": await grantCookieHeader(env, result.token) },
  );
});
