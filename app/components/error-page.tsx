import { Link } from "react-router";

type Way = { to: string; label: string };
const HOME: Way[] = [
  { to: "/", label: "Go home" },
  { to: "/browse", label: "Browse gigs" },
];

/** The page shown for an unknown path (404), a refusal (403) and unexpected errors, with where to go next. */
export function ErrorPage({
  status,
  title,
  detail,
  ways = HOME,
}: {
  status: number;
  title: string;
  detail: string;
  ways?: Way[];
}) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-brand-400">{status}</p>
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-zinc-400">{detail}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {ways.map((way, i) => (
          <Link
            key={way.to}
            to={way.to}
            className={
              i === 0
                ? "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500"
                : "rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800"
            }
          >
            {way.label}
          </Link>
        ))}
      </div>
    </main>
  );
}

/** The 404 page: an unknown path, or a short link (/@handle) no streamer answers to. */
export function NotFoundPage() {
  return (
    <ErrorPage
      status={404}
      title="Page not found"
      detail="We couldn't find that page. It may have moved, or the link may be wrong."
    />
  );
}
