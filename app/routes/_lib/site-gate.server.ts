import { hasSiteAccess, SITE_GATE_COPY } from "~/features/auth/index.server";

/**
 * Paths open while the gate is on: its own screen and API, and the health check monitoring calls (it shows no user
 * data). Static assets never reach the Worker's app.
 */
const OPEN_PATHS = new Set([
  "/password-login",
  "/healthz",
  "/api/admin/validate-website-password",
  "/api/admin/validate-token-for-website-password",
]);

/**
 * Private feeds open too: a calendar app's servers and OBS carry no gate cookie, and the key in the URL is their
 * credential (a wrong key is a 404 there).
 */
const KEYED_PATHS = /^\/(calendar-feed\/[^/]+\.ics|overlay\/[^/]+\/(queue|next-slot))$/;

/**
 * The gate as the root middleware applies it: null lets the request through; otherwise pages are sent
 * to /password-login (with the way back) and the API answers 401 JSON.
 */
export async function siteGateRefusal(
  request: Request,
  env: Env,
): Promise<{ redirect: string } | { response: Response } | null> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  if (OPEN_PATHS.has(path) || KEYED_PATHS.test(path) || (await hasSiteAccess(request, env))) return null;
  if (path.startsWith("/api/")) {
    return { response: Response.json({ success: false, message: SITE_GATE_COPY.required }, { status: 401 }) };
  }
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const back = `${path}${search.size ? `?${search}` : ""}`;
  return { redirect: back === "/" ? "/password-login" : `/password-login?redirectTo=${encodeURIComponent(back)}` };
}
