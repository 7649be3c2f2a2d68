import { continueSocialLogin } from "~/features/auth/index.server";
import { clientIp, envOf } from "~/platform/http.server";
import { isSocialProvider } from "~/platform/oauth/providers.server";
import { redirectWithToast } from "~/platform/toast.server";
import { handleSocialCallback } from "~/routes/_lib/oauth.server";
import type { Route } from "./+types/social-callback";

/**
 * /auth/discord/callback and /auth/google/callback: the provider sends the browser back here with a code.
 * Then on to the email or country page if the account lacks one, else to the hand-off that logs in.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  if (!isSocialProvider(params.provider)) throw new Response("Not found", { status: 404 });
  const outcome = await handleSocialCallback(request, env, params.provider, clientIp(request, env));
  const headers = new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
  if (!outcome.ok) return redirectWithToast(env, "/login", { kind: "error", message: outcome.message }, headers);
  const next = await continueSocialLogin(env, outcome.account, outcome.returnTo);
  headers.append("Set-Cookie", next.cookie);
  headers.set("Location", next.location);
  return new Response(null, { status: 302, headers });
}
