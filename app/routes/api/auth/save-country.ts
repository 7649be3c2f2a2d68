import { isBanned } from "~/features/auth/accounts.server";
import { baseCurrencyFor } from "~/features/auth/countries";
import { countrySchema } from "~/features/auth/schema";
import { createSessionRecord, getAuth } from "~/features/auth/session.server";
import {
  clearHandoffCookie,
  findCapture,
  finishCapture,
  SOCIAL_MESSAGES,
  type SocialAccount,
  saveCountry,
} from "~/features/auth/social.server";
import { issueTokenPair } from "~/features/auth/tokens.server";
import { AUTH_MESSAGES } from "~/lib/messages";
import { clientIp, jsonError } from "~/platform/http.server";
import { jsonAction, resultJson } from "~/routes/api/_lib/json-action.server";

function userJson(account: SocialAccount) {
  return { _id: account.userId, country: account.country, baseCurrency: baseCurrencyFor(account.country) };
}

/**
 * POST /api/auth/user/save-country/:id {billing_country} → the user, accessToken and refreshToken.
 * Allowed for the user themself (logged in), or for the browser finishing a social sign-in of :id (the
 * hand-off cookie of /country-capture); in that case it completes the sign-in with a token pair.
 */
export const action = jsonAction({ schema: countrySchema }, async ({ request, env, params, input }) => {
  const userId = params.id ?? "";
  const noStore = { "Cache-Control": "no-store" };
  const auth = await getAuth(request, env);
  if (auth) {
    if (auth.viewer.id !== userId) return jsonError(403, "Forbidden");
    const account = await saveCountry(env, userId, input.billing_country);
    if (!account) return jsonError(404, AUTH_MESSAGES.userNotFound);
    const pair = await issueTokenPair(env, { userId, sessionId: auth.sessionId });
    return resultJson({ ok: true, message: SOCIAL_MESSAGES.countrySaved, user: userJson(account), ...pair }, noStore);
  }

  if (!(await findCapture(request, env, userId))) return jsonError(401, "Not logged in");
  if (await isBanned(env, userId)) return jsonError(403, AUTH_MESSAGES.banned);
  const account = await saveCountry(env, userId, input.billing_country);
  if (!account) return jsonError(404, AUTH_MESSAGES.userNotFound);
  if (!account.email) {
    const redirectTo = `/email-capture/${encodeURIComponent(userId)}`;
    return resultJson({ ok: true, message: SOCIAL_MESSAGES.emailFirst, user: userJson(account), redirectTo });
  }
  if (!(await finishCapture(request, env, userId))) return jsonError(401, SOCIAL_MESSAGES.expired);
  const session = await createSessionRecord(env, userId, {
    userAgent: request.headers.get("User-Agent") ?? undefined,
    ip: clientIp(request),
  });
  const pair = await issueTokenPair(env, { userId, sessionId: session.id });
  return resultJson(
    { ok: true, message: SOCIAL_MESSAGES.countrySaved, user: userJson(account), ...pair },
    { ...noStore, "Set-Cookie": await clearHandoffCookie(env) },
  );
});
