import type { ReactNode } from "react";
import { Link } from "react-router";

export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The bell as a link to /notifications: without JavaScript, and until the live bell has connected. */
export function BellLink({ children }: { children?: ReactNode }) {
  return (
    <Link
      to="/notifications"
      aria-label="Notifications"
      className="relative rounded-full p-2 text-zinc-300 hover:bg-ink-800 hover:text-white"
    >
      <BellIcon />
      {children}
    </Link>
  );
}
