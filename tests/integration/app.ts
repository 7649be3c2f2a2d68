import { exports } from "cloudflare:workers";
import { standInToken, TURNSTILE_TEST_KEYS } from "~/platform/stand-ins/turnstile/siteverify";

export const ORIGIN = "http://localhost";

/** Calls the whole app (the Worker's fetch handler) inside workerd, as a browser on ORIGIN would. */
export function request(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers }));
}

export function postForm(path: string, fields: Record<string, string>, headers: HeadersInit = {}) {
  return request(path, { method: "POST", body: new URLSearchParams(fields), headers });
}

export function postJson(path: string, body: unknown, headers: HeadersInit = {}) {
  return request(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** A bot-check token as the local Turnstile stand-in's widget gives it on ORIGIN's pages (good once, for `action`). */
export function botCheckToken(action = "signup"): string {
  return standInToken(TURNSTILE_TEST_KEYS.passSiteKey, action, new URL(ORIGIN).hostname) ?? "";
}

/** The form field a bot-check token travels in, with a fresh token. */
export const botCheck = (action = "signup") => ({ "cf-turnstile-response": botCheckToken(action) });
