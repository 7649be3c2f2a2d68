import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

export type PageOf<T> = { items: T[]; page: number; limit: number; hasMore: boolean };

/**
 * A paged grid. Without JavaScript it shows one page with "Previous page" / "Next page" links (plain
 * navigation; the URL holds the page). With JavaScript, the next pages load as the end of the list
 * scrolls into view (or on "Load more"), through a fetcher of the same loader, and are appended.
 */
export function InfiniteGrid<T extends { id: string }>({
  first,
  pageHref,
  pick,
  render,
  className,
  label,
}: {
  first: PageOf<T>;
  pageHref: (page: number) => string;
  /** The page in a fetched loader answer (null when it is another list). */
  pick: (data: unknown) => PageOf<T> | null;
  render: (item: T) => ReactNode;
  className: string;
  label: string;
}) {
  const fetcher = useFetcher();
  const [hydrated, setHydrated] = useState(false);
  const fresh = (page: PageOf<T>) => ({ first: page, items: page.items, next: page.hasMore ? page.page + 1 : null });
  const [state, setState] = useState(() => fresh(first));
  const sentinel = useRef<HTMLDivElement>(null);
  const loadingPage = useRef<number | null>(null);

  useEffect(() => setHydrated(true), []);

  // A new search remounts the grid (browse.tsx keys it by the search), so its first render already shows the new
  // results. A new first page of the same search (a revalidation, e.g. after a favourite) starts the list again in
  // this same render, not in an effect, which would commit one frame of the old list first. (A "stale
  // list" once seen was the browser test reading the cards after the address bar changed but before React committed the
  // new page: tests/e2e/browser.ts `rendered`.)
  if (state.first !== first) setState(fresh(first));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page (a new search) forgets the page in flight
  useEffect(() => {
    loadingPage.current = null;
  }, [first]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const page = pick(fetcher.data);
    loadingPage.current = null;
    if (!page) return;
    setState((previous) => {
      if (previous.next !== page.page) return previous;
      const seen = new Set(previous.items.map((item) => item.id));
      return {
        first: previous.first,
        items: [...previous.items, ...page.items.filter((item) => !seen.has(item.id))],
        next: page.hasMore ? page.page + 1 : null,
      };
    });
  }, [fetcher.state, fetcher.data, pick]);

  const loadNext = () => {
    if (state.next === null || loadingPage.current === state.next) return;
    loadingPage.current = state.next;
    fetcher.load(pageHref(state.next));
  };
  const loadNextRef = useRef(loadNext);
  loadNextRef.current = loadNext;

  useEffect(() => {
    const element = sentinel.current;
    if (!hydrated || state.next === null || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNextRef.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hydrated, state.next]);

  return (
    <>
      <ul className={className} aria-label={label}>
        {state.items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-3">
        {first.page > 1 ? (
          <Link
            to={pageHref(first.page - 1)}
            className="rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800"
            rel="prev"
          >
            Previous page
          </Link>
        ) : null}
        {hydrated ? (
          state.next !== null ? (
            <div ref={sentinel}>
              <button
                type="button"
                onClick={loadNext}
                disabled={fetcher.state !== "idle"}
                className="rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800 disabled:opacity-60"
              >
                {fetcher.state !== "idle" ? "Loading…" : "Load more"}
              </button>
            </div>
          ) : state.items.length > 0 ? (
            <p className="text-sm text-zinc-400">That's everything.</p>
          ) : null
        ) : first.hasMore ? (
          <Link
            to={pageHref(first.page + 1)}
            className="rounded-md border border-ink-700 px-4 py-2 text-sm hover:bg-ink-800"
            rel="next"
          >
            Next page
          </Link>
        ) : null}
      </nav>
    </>
  );
}
