import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { canOpenAdmin, headerSearchMode, showsBellAndAvatar, type Viewer } from "~/features/access";
import { AUTH_MESSAGES } from "~/features/auth";
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

/** Logout asks first: a dialog with JavaScript, the /logout confirmation page without it. */
function LogoutButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <a
        href="/logout"
        onClick={(event) => {
          event.preventDefault();
          dialog.current?.showModal();
        }}
        className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white"
      >
        Log out
      </a>
      <dialog
        ref={dialog}
        aria-labelledby="logout-title"
        className="m-auto rounded-xl border border-ink-700 bg-ink-900 p-6 text-zinc-100 backdrop:bg-black/60"
      >
        <p id="logout-title" className="mb-5 text-base font-medium">
          {AUTH_MESSAGES.logoutConfirm}
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
    </>
  );
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

function Avatar({ viewer }: { viewer: Viewer }) {
  const initials = (viewer.fullName || viewer.username).slice(0, 2).toUpperCase();
  return (
    <Link to="/profile" aria-label="Your profile" className="block h-9 w-9 overflow-hidden rounded-full bg-ink-700">
      {viewer.pictureUrl ? (
        <img src={viewer.pictureUrl} alt="" width={36} height={36} className="h-full w-full object-cover" />
      ) : (
        <span className="grid h-full w-full place-items-center text-xs font-bold">{initials}</span>
      )}
    </Link>
  );
}

/**
 * Streamers: Play Now (the start-live stepper); while live, Queue Dashboard and End Session (with confirmation); on a
 * phone only "Queue", since the two do not fit beside the bell, the avatar and Log out (390 px).
 */
function StreamerLinks({ viewer }: { viewer: Viewer }) {
  if (!viewer.isInfluencer) return null;
  const pill = "rounded-md px-3 py-2 text-sm font-semibold";
  if (!viewer.liveSessionId) {
    return (
      <Link to="/influencer/live/start" className={`${pill} bg-brand-600 hover:bg-brand-500`}>
        Play Now
      </Link>
    );
  }
  const dashboard = `/influencer/live/session/${viewer.liveSessionId}`;
  // On a phone the header has room for one short link: "Queue" leads to the dashboard, which has End Session.
  return (
    <>
      <Link
        to={dashboard}
        aria-label="Queue Dashboard"
        className="rounded-md bg-red-600 px-2 py-2 text-sm font-semibold hover:bg-red-500 sm:px-3"
      >
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

export function Header({ viewer }: { viewer: Viewer | null }) {
  const { pathname } = useLocation();
  const searchMode = headerSearchMode(viewer, pathname);
  useScrolledFlag(searchMode === "after-scroll");
  return (
    <header className="sticky top-0 z-10 border-b border-ink-800 bg-ink-950/90 backdrop-blur">
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
        <div className="flex items-center gap-2">
          {viewer ? <StreamerLinks viewer={viewer} /> : null}
          {viewer ? (
            <>
              {showsBellAndAvatar(viewer) ? (
                <>
                  <NotificationBell userId={viewer.id} />
                  <Avatar viewer={viewer} />
                </>
              ) : null}
              {canOpenAdmin(viewer) ? (
                <Link
                  to="/admin/dashboard"
                  className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white"
                >
                  Staff area
                </Link>
              ) : null}
              <LogoutButton />
            </>
          ) : (
            <AccountMenu />
          )}
        </div>
      </div>
    </header>
  );
}
