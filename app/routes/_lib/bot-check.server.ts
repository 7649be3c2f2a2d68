import { loginBotCheckDue } from "~/features/auth/index.server";
import { humanCheckSite, type TurnstileWidget, turnstileWidget } from "~/platform/turnstile/turnstile.server";

/**
 * The login forms' bot check (docs/decisions/033): after a refused login, the widget when the next login of `email`
 * from this address must pass it (a few failures for the account or from the address), else null. With the local
 * stand-in its token is in the page, so the form works without JavaScript.
 */
export async function loginBotCheckWidget(request: Request, env: Env, email: string): Promise<TurnstileWidget | null> {
  const site = humanCheckSite(request, env);
  if (!(await loginBotCheckDue(env, email, site.ip))) return null;
  return turnstileWidget(env, "login", site.hostname);
}
