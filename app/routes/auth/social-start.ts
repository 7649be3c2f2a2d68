import { redirectToSchema } from "~/features/auth";
import { SOCIAL_COPY } from "~/features/auth/index.server";
import { assertSameOrigin, envOf } from "~/platform/http.server";
import { isSocialProvider, PROVIDER_LABELS } from "~/platform/oauth/providers.server";
import { redirectWithToast } from "~/platform/toast.server";
import { startSocialLogin } from "~/routes/_lib/oauth.server";
import type { Route } from "./+types/social-start";

/**
 * /auth/discord and /auth/google: start a sign-in with the provider. The login and sign-up pages post a
 * form here (a full-page navigation); a plain link (GET) works too. ?redirectTo= is kept for afterwards.
 */
async function start(request: Request, env: Env, provider: string | undefined, redirectTo: unknown) {
  if (!isSocialProvider(provider)) throw new Response("Not found", { status: 404 });
  const target = redirectToSchema.parse(typeof redirectTo === "string" && redirectTo ? redirectTo : undefined);
  const response = await startSocialLogin(request, env, provider, target);
  if (response) return response;
  return redirectWithToast(env, "/login", {
    kind: "error",
    message: SOCIAL_COPY.unavailable(PROVIDER_LABELS[provider]),
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return start(request, envOf(context), params.provider, new URL(request.url).searchParams.get("redirectTo"));
}

// Not a pageAction: the OAuth start also takes a bodiless POST (redirectTo in the query) and answers with the provider.
export async function action({ request, params, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => null);
  const redirectTo = form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");
  return start(request, envOf(context), params.provider, redirectTo);
}
