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
import { assertSameOrigin, clientIp, envOf, jsonError, readBody } from "~/platform/http.server";
import type { Route } from "./+types/save-country";

function answer(account: SocialAccount, extra: Record<string, unknown>, headers?: HeadersInit) {
  return Response.json(
    {
      success: true,
      message: SOCIAL_MESSAGES.countrySaved,
      user: { _id: account.userId, country: account.country, baseCurrency: baseCurrencyFor(account.country) },
      ...extra,
    },
    { headers: { "Cache-Control": "no-store", ...Object.fromEntries(new Headers(headers)) } },
  );
}

/**
 * POST /api/auth/user/save-country/:id {billing_country} → the user, accessToken and refreshToken.
 * Allowed for the user themself (logged in), or for the browser finishing a social sign-in of :id (the
 * hand-off cookie of /country-capture); in that case it completes the sign-in with a token pair.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const env = envOf(context);
  const parsed = countrySchema.safeParse((await readBody(request)) ?? {});
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? "Please select your country");
  const country = parsed.data.billing_country;

  const auth = await getAuth(request, env);
  if (auth) {
    if (auth.viewer.id !== params.id) return jsonError(403, "Forbidden");
    const account = await saveCountry(env, auth.viewer.id, country);
    if (!account) return jsonError(404, AUTH_MESSAGES.userNotFound);
    const pair = await issueTokenPair(env, { userId: account.userId, sessionId: auth.sessionId });
    return answer(account, { accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  }

  const capture = await findCapture(request, env, params.id);
  if (!capture) return jsonError(401, "Not logged in");
  if (await isBanned(env, params.id)) return jsonError(403, AUTH_MESSAGES.banned);
  const account = await saveCountry(env, params.id, country);
  if (!account) return jsonError(404, AUTH_MESSAGES.userNotFound);
  if (!account.email) {
    return answer(account, {
      message: SOCIAL_MESSAGES.emailFirst,
      emailRequired: true,
      redirectTo: `/email-capture/${encodeURIComponent(account.userId)}`,
    });
  }
  if (!(await finishCapture(request, env, account.userId))) return jsonError(401, SOCIAL_MESSAGES.expired);
  const session = await createSessionRecord(env, account.userId, {
    userAgent: request.headers.get("User-Agent") ?? undefined,
    ip: clientIp(request),
  });
  const pair = await issueTokenPair(env, { userId: account.userId, sessionId: session.id });
  return answer(
    account,
    { accessToken: pair.accessToken, refreshToken: pair.refreshToken },
    { "Set-Cookie": await clearHandoffCookie(env) },
  );
}

export function loader() {
  return jsonError(405, "Method not allowed");
}
