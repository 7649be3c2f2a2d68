import { redirect } from "react-router";
import { type Capability, canOpenAdmin, canStaff, staffRefusal, type Viewer } from "~/features/access";
import { getViewer } from "~/features/auth/index.server";

/**
 * Authorisation for loaders and actions. Call the one you need in EVERY loader and action:
 * a parent route's check does not protect its children.
 */
export async function requireUser(request: Request, env: Env): Promise<Viewer> {
  const viewer = await getViewer(request, env);
  if (!viewer) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  }
  return viewer;
}

/** Streamer-only routes: everyone else goes to /. */
export async function requireStreamer(request: Request, env: Env): Promise<Viewer> {
  const viewer = await getViewer(request, env);
  if (!viewer?.isStreamer) throw redirect("/");
  return viewer;
}

/** Admin routes: non-staff and inactive staff go to /; staff without the capability get 403. */
export async function requireStaff(request: Request, env: Env, capability?: Capability): Promise<Viewer> {
  const viewer = await getViewer(request, env);
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  if (!canOpenAdmin(viewer)) throw redirect("/");
  if (capability && !canStaff(viewer.role, capability)) {
    // The root error boundary shows this message on the 403 page, with a way back to the staff dashboard.
    throw new Response(staffRefusal(viewer.role, capability), { status: 403, statusText: "Forbidden" });
  }
  return viewer;
}

/** JSON API variants: 401/403 JSON instead of redirects. */
export async function requireApiUser(request: Request, env: Env): Promise<Viewer> {
  const viewer = await getViewer(request, env);
  if (!viewer) throw Response.json({ success: false, message: "Not logged in" }, { status: 401 });
  return viewer;
}

export async function requireApiStaff(request: Request, env: Env, capability: Capability): Promise<Viewer> {
  const viewer = await requireApiUser(request, env);
  if (!canOpenAdmin(viewer) || !canStaff(viewer.role, capability)) {
    throw Response.json({ success: false, message: "Forbidden" }, { status: 403 });
  }
  return viewer;
}
