import { siteTokenSchema } from "~/features/auth";
import { grantCookieHeader, SITE_GATE_COPY, validateSiteToken } from "~/features/auth/index.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

/** POST /api/admin/validate-token-for-website-password {token} → {success, message, token} and the access cookie. */
export const action = jsonAction({ schema: siteTokenSchema }, async ({ env, input }) => {
  const result = await validateSiteToken(env, input.token);
  return jsonOk(
    { message: SITE_GATE_COPY.granted, token: result.token },
    { "Set-Cookie": await grantCookieHeader(env, result.token) },
  );
});
