import { appError } from "~/lib/errors";
import { standIn } from "../adapters.server";
import { isProduction } from "../env.server";
import { clientIp, publicOrigin } from "../http.server";
import { log } from "../log.server";

/**
 * Cloudflare Turnstile (docs/decisions/031-turnstile.md): a bot check on the forms scripts go for. The widget gives
 * the browser a token; the server verifies it with siteverify (its secret, the token, the client's address) and
 * accepts it only when it passed, for this form's action and this site's hostname. Siteverify refuses a token used
 * before, so each token is good once. Development and tests use the registered local stand-in (TURNSTILE_STAND_IN
 * "on", app/platform/adapters.server.ts), which behaves as Cloudflare's test keys; production refuses it.
 */
export const TURNSTILE_FIELD = "cf-turnstile-response";

const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** What a page needs to draw the widget: the site key, the form's action, and the stand-in's token when local. */
export type TurnstileWidget = { siteKey: string; action: string; standInToken: string | null; standIn: boolean };

function standInOn(env: Env): boolean {
  return import.meta.env.MODE !== "production" && env.TURNSTILE_STAND_IN === "on" && !isProduction(env);
}

/** The widget of one form on the page being answered (`hostname`: the site's). */
export async function turnstileWidget(env: Env, action: string, hostname: string): Promise<TurnstileWidget> {
  const siteKey = env.TURNSTILE_SITEKEY ?? "";
  if (import.meta.env.MODE !== "production" && standInOn(env)) {
    return { siteKey, action, standInToken: standIn("turnstile").token(siteKey, action, hostname), standIn: true };
  }
  return { siteKey, action, standInToken: null, standIn: false };
}

/** Siteverify's answer (the stand-in answers alike). */
export type SiteverifyAnswer = { success: boolean; "error-codes": string[]; action?: string; hostname?: string };

async function siteverify(env: Env, token: string, remoteIp: string): Promise<SiteverifyAnswer> {
  const secret = env.TURNSTILE_SECRET_KEY ?? "";
  if (import.meta.env.MODE !== "production" && standInOn(env)) {
    return standIn("turnstile").siteverify(secret, token);
  }
  const body = new FormData();
  body.set("secret", secret);
  body.set("response", token);
  if (remoteIp) body.set("remoteip", remoteIp);
  const response = await fetch(SITEVERIFY_URL, { method: "POST", body });
  if (!response.ok) return { success: false, "error-codes": [`http-${response.status}`] };
  return (await response.json()) as SiteverifyAnswer;
}

/**
 * Whether `token` proves a person passed the check for `action` on `hostname`: siteverify said success (a token is
 * good once: a second use is "timeout-or-duplicate"), with the same action and hostname. A token over Cloudflare's
 * 2,048-character limit, a missing one or siteverify failing is a no.
 */
export async function passedTurnstile(
  env: Env,
  token: string | undefined,
  check: { action: string; hostname: string; remoteIp: string },
): Promise<boolean> {
  if (!token || token.length > 2048) return false;
  try {
    const answer = await siteverify(env, token, check.remoteIp);
    const passed = answer.success && answer.action === check.action && answer.hostname === check.hostname;
    if (!passed) log.info("turnstile.refused", { action: check.action, errors: answer["error-codes"] });
    return passed;
  } catch (error) {
    log.warn("turnstile.siteverify_failed", { action: check.action, error });
    return false;
  }
}

/** The one answer to a failed bot check, on the widget's field. */
export const BOT_CHECK_FAILED = "Please complete the check that you are not a robot, then try again.";

/** Where a checked form was posted from: the site's hostname (the token must name it) and the client's address. */
export type HumanCheckSite = { hostname: string; ip: string };

/** The site a request was posted to and its client's address, for a use case's bot check. */
export function humanCheckSite(request: Request, env: Env): HumanCheckSite {
  return { hostname: new URL(publicOrigin(request, env)).hostname, ip: clientIp(request, env) };
}

/** The widget for `action` on the page answering `request`. */
export function turnstileWidgetFor(request: Request, env: Env, action: string): Promise<TurnstileWidget> {
  return turnstileWidget(env, action, humanCheckSite(request, env).hostname);
}

/**
 * The bot check of a use case (docs/decisions/031 and 033): a 403 on the widget's field, reason "turnstile", unless
 * `token` passed siteverify for `action` on the site's hostname. Called before anything is written or told.
 */
export async function assertHuman(env: Env, token: string | undefined, action: string, site: HumanCheckSite) {
  if (!(await passedTurnstile(env, token, { action, hostname: site.hostname, remoteIp: site.ip }))) {
    throw appError(403, BOT_CHECK_FAILED, { field: TURNSTILE_FIELD, reason: "turnstile" });
  }
}
