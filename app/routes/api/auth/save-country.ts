import { countrySchema } from "~/features/auth";
import {
  clearHandoffCookie,
  completeSocialSignIn,
  getAuth,
  issueTokenPair,
  readHandoffToken,
  SOCIAL_COPY,
  type SocialAccount,
  saveCaptureCountry,
  saveOwnCountry,
} from "~/features/auth/index.server";
import { baseCurrencyFor } from "~/features/currency";
import { clientIp } from "~/platform/http.server";
import { jsonAction, jsonOk } from "~/routes/api/_lib/json-action.server";

function userJson(account: SocialAccount) {
  return { _id: account.userId, country: account.country, baseCurrency: baseCurrencyFor(account.country) };
}

const noStore = { "Cache-Control": "no-store" };

/**
 * POST /api/auth/user/save-country/:id {billing_country} → the user, accessToken and refreshToken.
 * Allowed for the user themself (logged in), or for the browser finishing a social sign-in of :id (the
 * hand-off cookie of /country-capture); then completeSocialSignIn ends the sign-in, as the page does, and
 * the session is answered as a token pair.
 */
export const action = jsonAction({ schema: countrySchema }, async ({ request, env, params, input }) => {
  const userId = params.id ?? "";
  const auth = await getAuth(request, env);
  if (auth) {
    const account = await saveOwnCountry(env, auth.viewer, userId, input.billing_country);
    const pair = await issueTokenPair(env, { userId: account.userId, sessionId: auth.sessionId });
    return jsonOk({ message: SOCIAL_COPY.countrySaved, user: userJson(account), ...pair }, noStore);
  }

  const saved = await saveCaptureCountry(request, env, userId, input.billing_country);
  if (!saved.account.email) {
    const redirectTo = `/email-capture/${encodeURIComponent(userId)}`;
    return jsonOk({ message: SOCIAL_COPY.emailFirst, user: userJson(saved.account), redirectTo });
  }
  const done = await completeSocialSignIn(
    env,
    { stage: "capture", userId, cookieToken: await readHandoffToken(request, env) },
    { ip: clientIp(request, env), userAgent: request.headers.get("User-Agent") ?? undefined },
  );
  const pair = await issueTokenPair(env, { userId, sessionId: done.session.id });
  return jsonOk(
    { message: SOCIAL_COPY.countrySaved, user: userJson(done.account), ...pair },
    { ...noStore, "Set-Cookie": await clearHandoffCookie(env) },
  );
});
