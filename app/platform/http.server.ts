import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "./context";
import { appOrigin, isProduction } from "./env.server";

/** JSON helpers for resource routes: errors carry `message` (docs/domain.md: toasts show it). */
export function jsonError(status: number, message: string, extra?: Record<string, unknown>): Response {
  return Response.json({ success: false, message, ...extra }, { status });
}

/**
 * React Router checks Origin on UI-route actions only; resource routes call this on every
 * state-changing request. A request with no Origin header (a same-origin navigation in some
 * browsers, or a server-to-server call) falls back to Sec-Fetch-Site.
 */
export function isSameOrigin(request: Request): boolean {
  const url = new URL(request.url);
  const origin = request.headers.get("Origin");
  if (origin) return origin === url.origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin" || site === "none";
}

/**
 * The stricter check of a GET that changes state (any page can embed a GET: an image, a link): only a request the
 * browser marks same-origin (`Sec-Fetch-Site: same-origin`) or whose Origin is the app's own. A request with neither
 * header (an old browser's embedded image) or marked `none` (a link opened from elsewhere) is refused.
 */
export function isSameOriginStrict(request: Request, appOrigin: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === appOrigin || origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) throw jsonError(403, "Cross-origin request refused");
}

export function envOf(context: Readonly<RouterContextProvider>): Env {
  return context.get(cloudflareContext).env;
}

/** The address rate limits count for a production request that somehow has no CF-Connecting-IP. */
export const UNKNOWN_CLIENT_IP = "unknown";

/** The one address every request has where no edge stands in front (`npm run dev`, `npm run preview`). */
export const LOCAL_CLIENT_IP = "127.0.0.1";

/** Builds made only for the test harness (Vitest in workerd: "test"; browser tests and benches: "e2e"). */
const HARNESS_MODES = ["test", "e2e"];

/**
 * The client's address, for rate limits and the IP a user's account records (docs/decisions/029-trust-probe-leftovers.md).
 *
 * `CF-Connecting-IP` is trustworthy ONLY where Cloudflare sets it: its edge sets it on every request and overwrites
 * what a client sent. So it is read
 * - in the deployed Worker (`APP_ENV` "production", which `npm run deploy` requires: always behind Cloudflare);
 * - in the test harness's own builds (modes "test" and "e2e", never deployed), which stand in for the edge with it,
 *   so that tests and benches can be many addresses.
 * Anywhere else (`npm run dev`, `npm run preview`: a local server any client on the network can reach) nobody sets
 * it, so a client could write any address and slip every per-address limit; there each request is LOCAL_CLIENT_IP,
 * one address for all, which makes limits stricter, never looser. `X-Forwarded-For` is never read.
 */
export function clientIp(request: Request, env: Env, mode: string = import.meta.env.MODE): string {
  const edge = request.headers.get("CF-Connecting-IP")?.trim();
  if (isProduction(env)) return edge || UNKNOWN_CLIENT_IP;
  if (HARNESS_MODES.includes(mode)) return edge || LOCAL_CLIENT_IP;
  return LOCAL_CLIENT_IP;
}

/** Reads a JSON or form body into a plain object; a malformed body gives null. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    }
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  } catch {
    return null;
  }
}

/** A loader's value, or a 404 for the route's error boundary when there is none. */
export function found<T>(value: T | null | undefined, what = "Not found"): T {
  if (value === null || value === undefined) throw new Response(what, { status: 404, statusText: "Not Found" });
  return value;
}

/** The origin for links made while answering `request` (env.server.ts `appOrigin`, the one place that decides). */
export function publicOrigin(request: Request, env: Env): string {
  return appOrigin(env, request);
}

/** What a page (not /api) answers to a state-changing request whose body is not a readable form. */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please reload the page and try again.";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** docs/domain.md's JSON calls that live outside /api (app/routes.ts): they read bodies through jsonAction. */
export const JSON_DOORS_OUTSIDE_API = new Set(["/auth/signup", "/auth/login", "/auth/change_password"]);

/** What a page answers to a state-changing request that does not come from the site's own pages. */
export const FOREIGN_FORM_MESSAGE = "This form was not sent from this site. Please reload the page and try again.";

/**
 * Pages a signed link opens from outside the site: the one-click unsubscribe (RFC 8058) is POSTed by the mail
 * provider, with no Origin; its URL carries an HMAC of the address (docs/decisions/013), which is its credential.
 */
const SIGNED_PAGE_DOORS = ["/unsubscribe/"];

/** The origin a header names (Origin, or a Referer's), or null for none, `null` or a malformed one. */
function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * A page's state-changing request must say it comes from the site: its Origin, or when a browser sends none its
 * Referer, is the app's public origin (or the origin the request was sent to). React Router refuses a foreign Origin
 * but served a POST with none (the probe's signed-in POST to /notifications), so a request naming no origin is
 * refused too: 403 with a message. The JSON API (/api and the JSON doors outside it) checks its own (jsonAction); the
 * signed doors above are exempt. Answers null when the request may go on.
 */
export function refusePageFromElsewhere(request: Request, pathname: string, env: Env): Response | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (pathname === "/api" || pathname.startsWith("/api/") || JSON_DOORS_OUTSIDE_API.has(pathname.replace(/\/$/, ""))) {
    return null;
  }
  if (SIGNED_PAGE_DOORS.some((door) => pathname.startsWith(door))) return null;
  const claimed = originOf(request.headers.get("Origin")) ?? originOf(request.headers.get("Referer"));
  const own = [new URL(request.url).origin, appOrigin(env, request)];
  if (claimed && own.includes(claimed)) return null;
  return new Response(FOREIGN_FORM_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Page actions read `request.formData()`; a JSON, text or broken multipart body made that throw, and the probe
 * got 500s from every form page. One check for every page door, before React Router runs the action: a
 * state-changing request to a page must carry a form body that parses (415 for another type, 400 for a broken
 * one, each with a message). A request with no body at all is an empty form (what a field-less form posts).
 * The JSON API (/api and the few JSON doors outside it) reads bodies itself (jsonAction, 400 with a message).
 * Answers the request to hand on (the same one, or the empty form), or the refusal.
 */
export async function checkPageForm(request: Request, pathname: string): Promise<Request | Response> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return request;
  if (pathname === "/api" || pathname.startsWith("/api/") || JSON_DOORS_OUTSIDE_API.has(pathname.replace(/\/$/, ""))) {
    return request;
  }
  if (request.body === null) {
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new Request(request, { headers, body: "" });
  }
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const text = (status: number) =>
    new Response(UNREADABLE_FORM_MESSAGE, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!FORM_TYPES.includes(type)) return text(415);
  try {
    await request.clone().formData();
    return request;
  } catch {
    return text(400);
  }
}

/** The Retry-After header of a refused attempt (a 429 carrying its wait), else none. */
export function retryAfter(failure: { retryAfterSeconds?: number }): Record<string, string> {
  return failure.retryAfterSeconds ? { "Retry-After": String(failure.retryAfterSeconds) } : {};
}
