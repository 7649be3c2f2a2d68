import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { AUTH_MESSAGES } from "~/features/auth/messages";
import { headerSearchMode, showsBellAndAvatar, type Viewer } from "~/features/auth/policy";
import { HeaderSearch } from "~/features/search/components/header-search";
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
        <img src={viewer.pictureUrl} alt="" className="h-full w-full object-cover" />
      ) : (
        <span className="grid h-full w-full place-items-center text-xs font-bold">{initials}</span>
      )}
    </Link>
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
        <nav aria-label="Main" className="hidden gap-1 md:flex">
          <Link to="/browse" className="rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white">
            Browse
          </Link>
        </nav>
        <div className="flex min-w-0 flex-1 justify-center">
          {searchMode === "hidden" ? null : <HeaderSearch mode={searchMode} />}
        </div>
        <div className="flex items-center gap-2">
          {viewer ? (
            <>
              {showsBellAndAvatar(viewer) ? (
                <>
                  <Link
                    to="/profile#notifications"
                    aria-label="Notifications"
                    className="rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      className="h-5 w-5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      aria-hidden="true"
                    >
                      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
                      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
                    </svg>
                  </Link>
                  <Avatar viewer={viewer} />
                </>
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
