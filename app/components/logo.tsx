import { Link } from "react-router";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight" aria-label="Noobrd home">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">N</span>
      <span>Noobrd</span>
    </Link>
  );
}
