import { Link } from "react-router";

/** The page shown for an unknown path (404) and for unexpected errors. */
export function ErrorPage({ status, title, detail }: { status: number; title: string; detail: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-400">{status}</p>
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-zinc-400">{detail}</p>
      <div className="mt-8 flex gap-3">
        <Link to="/" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
          Go home
        </Link>
        <Link to="/browse" className="rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800">
          Browse gigs
        </Link>
      </div>
    </main>
  );
}
