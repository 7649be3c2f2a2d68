import { createCookie, redirect } from "react-router";
import { TOAST_KINDS, type Toast, type ToastKind } from "~/lib/toast";
import { sessionSecret } from "./env.server";

export type { Toast, ToastKind };

/** A one-shot toast carried across a redirect in a signed cookie, so it also works without JavaScript. */
function toastCookie(env: Env) {
  return createCookie("toast", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: [sessionSecret(env)],
  });
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const { kind, message } = value as Record<string, unknown>;
  return typeof message === "string" && TOAST_KINDS.includes(kind as ToastKind);
}

async function toastHeader(env: Env, toast: Toast): Promise<string> {
  return toastCookie(env).serialize(toast);
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(request: Request, env: Env): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie(env);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (!isToast(value)) return { toast: null, clear: null };
  return { toast: value, clear: await cookie.serialize("", { maxAge: 0 }) };
}

export async function redirectWithToast(env: Env, url: string, toast: Toast, headers?: HeadersInit) {
  const all = new Headers(headers);
  all.append("Set-Cookie", await toastHeader(env, toast));
  return redirect(url, { headers: all });
}
