import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { canOpenAdmin, headerSearchMode, showsBellAndAvatar, type Viewer } from "~/features/access";

/** The signed-in viewer as the root loader gives the header: with the link to their live queue while they are live. */
type HeaderViewer = Viewer & { liveDashboard: string | null };

import { AUTH_COPY } from "~/features/auth";
import { NotificationBell } from "~/features/notifications";
import { HeaderSearch } from "~/features/search";
import { Logo } from "./logo";

function useScrolledFlag(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const update = () => {
      if (window.scrollY > 120) root.dataset.scrolled = "";
      else delete root.dataset.scrolled;
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
      delete root.dataset.scrolled;
    };
  }, [active]);
}

/**
 * Logout asks first: a dialog with JavaScript, the /logout confirmation page without it. The header has two
 * "Log out" links (inline on wide screens, in the phone's menu) opening the one dialog.
 */
function useLogoutDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const link = (className: string) => (
    <a
      href="/logout"
      onClick={(event) => {
        event.preventDefault();
        dialog.current?.showModal();
      }}
      className={className}
    >
      Log out
    </a>
  );
  const element = (
    <dialog
      ref={dialog}
      aria-labelledby="logout-title"
      className="m-auto rounded-xl border border-ink-700 bg-ink-900 p-6 text-zinc-100 backdrop:bg-black/60"
    >
      <p id="logout-title" className="mb-5 text-base font-medium">
        {AUTH_COPY.logoutConfirm}
      </p>
      <Form method="post" action="/logout" className="flex justify-end gap-3">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="rounded-md px-4 py-2 text-sm text-zinc-300 hover:bg-ink-800"
        >
          Cancel
        </button>
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
          Yes, log out
        </button>
      </Form>
    </dialog>
  );
  return { link, element };
}

function AccountMenu() {
  return (
    <details className="relative">
      <summary className="cursor-pointer list-none rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
        Sign up / Sign in
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-44 rounded-lg border border-ink-700 bg-ink-900 p-1 shadow-xl">
        <Link to="/signup" className="block rounded-md px-3 py-2 text-sm hover:bg-ink-800">
          Sign up
        </Link>
        <Link to="/login" className="block rounded-md px-3 py-2 text-sm hover:bg-ink-800">
          Sign in
        </Link>
      </div>
    </details>
  );
}

/**
 * The avatar's picture, or the account's initials drawn by CSS (`content: attr(...)`): they are a picture of the
 * account, not a label, so the links and the menu that show them are named by their aria-label alone ("Your
 * profile", "Account menu"), and no visible text is missing from that name (WCAG 2.5.3, axe's
 * label-content-name-mismatch).
 */
function Initials({ viewer }: { viewer: Viewer }) {
  const initials = (viewer.fullName || viewer.username).slice(0, 2).toUpperCase();
  return viewer.pictureUrl ? (
    <img src={viewer.pictureUrl} alt="" width={36} height={36} className="h-full w-full object-cover" />
  ) : (
    <span
      data-initials={initials}
      className="grid h-full w-full place-items-center text-xs font-bold before:content-[attr(data-initials)]"
    />
  );
}

function Avatar({ viewer }: { viewer: Viewer }) {
  return (
    <Link to="/profile" aria-label="Your profile" className="block h-9 w-9 overflow-hidden rounded-full bg-ink-700">
      <Initials viewer={viewer} />
    </Link>
  );
}

/**
 * Streamers: "Go live" (the start-live stepper); while live, the queue (its dashboard) and, on wider screens, End
 * Session (with confirmation). On a phone the queue link reads "Queue" and End Session is in the menu.
 */
function StreamerLinks({ viewer }: { viewer: HeaderViewer }) {
  if (!viewer.isStreamer) return null;
  const pill = "shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold";
  if (!viewer.liveDashboard) {
    return (
      <Link to="/influencer/live/start" className={`${pill} bg-brand-600 hover:bg-brand-500`}>
        Go live
      </Link>
    );
  }
  const dashboard = viewer.liveDashboard;
  return (
    <>
      <Link to={dashboard} aria-label="Queue Dashboard" className={`${pill} bg-red-600 hover:bg-red-500`}>
        <span className="sm:hidden">Queue</span>
        <span className="hidden sm:inline">Queue Dashboard</span>
      </Link>
      <Link
        to={`${dashboard}?confirm=end`}
        className={`${pill} hidden border border-red-600 text-red-300 sm:inline-block`}
      >
        End Session
      </Link>
    </>
  );
}

const menuItem = "block rounded-md px-3 py-2 text-sm text-zinc-200 hover:bg-ink-800 hover:text-white";

/**
 * Under 768 px the account's links (profile, the streamer's dashboard, the staff area, ending a live session, Log
 * out) are in one menu: a `<details>`, so it opens without JavaScript. A new key per page closes it on navigation.
 */
function PhoneMenu({ viewer, logout }: { viewer: HeaderViewer; logout: (className: string) => ReactNode }) {
  const { pathname } = useLocation();
  const avatar = showsBellAndAvatar(viewer);
  return (
    <details key={pathname} className="relative md:hidden">
      <summary
        aria-label="Account menu"
        className="grid cursor-pointer list-none place-items-center rounded-full border border-ink-700 bg-ink-800"
      >
        {avatar ? (
          <span aria-hidden="true" className="block h-9 w-9 overflow-hidden rounded-full bg-ink-700">
            <Initials viewer={viewer} />
          </span>
        ) : (
          <span aria-hidden="true" className="text-lg leading-none">
            ☰
          </span>
        )}
      </summary>
      <div className="absolute right-0 z-20 mt-2 flex w-52 flex-col rounded-lg border border-ink-700 bg-ink-900 p-1 shadow-xl">
        {avatar ? (
          <Link to="/profile" className={menuItem}>
            Your profile
          </Link>
        ) : null}
        {viewer.isStreamer ? (
          <Link to="/influencer/dashboard" className={menuItem}>
            Dashboard
          </Link>
        ) : null}
        {viewer.isStreamer && viewer.liveDashboard ? (
          <Link to={`${viewer.liveDashboard}?confirm=end`} className={menuItem}>
            End Session
          </Link>
        ) : null}
        {canOpenAdmin(viewer) ? (
          <Link to="/admin/dashboard" className={menuItem}>
            Staff area
          </Link>
        ) : null}
        {logout(menuItem)}
      </div>
    </details>
  );
}

function SignedIn({ viewer }: { viewer: HeaderViewer }) {
  const logout = useLogoutDialog();
  return (
    <>
      <StreamerLinks viewer={viewer} />
      {showsBellAndAvatar(viewer) ? <NotificationBell userId={viewer.id} /> : null}
      <div className="hidden items-center gap-2 md:flex">
        {showsBellAndAvatar(viewer) ? <Avatar viewer={viewer} /> : null}
        {canOpenAdmin(viewer) ? (
          <Link
            to="/admin/dashboard"
            className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white"
          >
            Staff area
          </Link>
        ) : null}
        {logout.link("rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white")}
      </div>
      <PhoneMenu viewer={viewer} logout={logout.link} />
      {logout.element}
    </>
  );
}

export function Header({ viewer }: { viewer: HeaderViewer | null }) {
  const { pathname } = useLocation();
  const searchMode = headerSearchMode(viewer, pathname);
  useScrolledFlag(searchMode === "after-scroll");
  // Opaque, not blurred: a backdrop filter is drawn again under the bar on every scrolled frame, and it weighed on the
  // first style and layout pass of a phone (docs/bench/gig-page.md).
  return (
    <header className="sticky top-0 z-10 border-b border-ink-800 bg-ink-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-4">
        <Logo />
        <nav aria-label="Main" className="flex gap-1">
          <Link to="/browse" className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white">
            Browse
          </Link>
        </nav>
        <div className="flex min-w-0 flex-1 justify-center">
          {searchMode === "hidden" ? null : <HeaderSearch mode={searchMode} />}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {viewer ? <SignedIn viewer={viewer} /> : <AccountMenu />}
        </div>
      </div>
    </header>
  );
}
