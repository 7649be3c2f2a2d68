import { Link } from "react-router";
import { AUTH_COPY, AuthCard } from "~/features/auth";
import { startSession, verifyEmailByLink } from "~/features/auth/index.server";
import { clientIp, envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/verify-link";

export const meta = () => [{ title: "Verify your email | Noobrd" }];

/** /signup/verify/:token, the link in the verification email: verifies, logs in and goes to /. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const verified = await settle(verifyEmailByLink(env, params.token));
  if (!verified.ok) return { message: verified.error.message };
  const result = verified.value;
  const cookie = await startSession(request, env, result.userId, clientIp(request, env));
  return redirectWithToast(env, "/", { kind: "success", message: AUTH_COPY.verified }, { "Set-Cookie": cookie });
}

export default function VerifyLink({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="We couldn't verify your email" lead={loaderData.message}>
      <p className="text-sm text-zinc-300">
        Log in with your email and password and we will offer to send you a new verification email.
      </p>
      <Link to="/login" className="mt-6 inline-block text-brand-400 hover:underline">
        Go to log in
      </Link>
    </AuthCard>
  );
}
