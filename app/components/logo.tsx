import { Link } from "react-router";

export function Logo() {
  return (
    // The name comes from the visible text (no aria-label that could disagree with it): "Noobrd home".
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
      <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
        N
      </span>
      {/* On a phone only the badge shows, leaving the header search room; the name stays for screen readers. */}
      <span className="max-sm:sr-only">Noobrd</span>
      <span className="sr-only"> home</span>
    </Link>
  );
}
