import { forbidden } from "~/lib/errors";

/** Who may see or do what, as pure functions of the viewer (docs/domain.md). Used by loaders and the UI. */
export const STAFF_ROLES = ["admin", "developer", "marketing", "finance"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = "user" | StaffRole;

export type Viewer = {
  id: string;
  username: string;
  fullName: string;
  role: Role;
  isActive: boolean;
  isStreamer: boolean;
  isLive: boolean;
  liveSessionId: string | null;
  pictureUrl: string | null;
  country: string | null;
  /** The saved IANA zone (docs/decisions/019-viewer-time-zone.md), null when not saved. */
  timeZone: string | null;
};

export function isStaff(viewer: Viewer | null): boolean {
  return !!viewer && (STAFF_ROLES as readonly string[]).includes(viewer.role);
}

/** Staff open admin routes only while active. */
export function canOpenAdmin(viewer: Viewer | null): boolean {
  return isStaff(viewer) && !!viewer?.isActive;
}

function isStreamer(viewer: Viewer | null): boolean {
  return !!viewer?.isStreamer;
}

/** The header search box: for non-streamers, on /browse always and on / after scrolling. */
export function headerSearchMode(viewer: Viewer | null, pathname: string): "always" | "after-scroll" | "hidden" {
  if (isStreamer(viewer)) return "hidden";
  if (pathname === "/browse") return "always";
  if (pathname === "/") return "after-scroll";
  return "hidden";
}

/** Bell and avatar: logged-in users who are not staff. */
export function showsBellAndAvatar(viewer: Viewer | null): boolean {
  return !!viewer && !isStaff(viewer);
}

/** Where to go after login: the return path if one was given, else the dashboard for streamers, else /. */
export function afterLoginPath(isStreamer: boolean, redirectTo: string | undefined): string {
  if (redirectTo) return redirectTo;
  return isStreamer ? "/influencer/dashboard" : "/";
}

/** Calls that name a user id act on the caller's own account only: 403 for anyone else, before any write. */
export function assertOwnAccount(viewer: Pick<Viewer, "id">, userId: string): void {
  if (viewer.id !== userId) throw forbidden();
}
