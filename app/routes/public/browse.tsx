import { Form, Link, redirect, useLocation } from "react-router";
import {
  BROWSE_FILTER_LABELS,
  BrowseFilters,
  BrowseTabs,
  browseHref,
  GameCard,
  GigCard,
  InfiniteGrid,
  LiveCard,
  parseBrowseQueryLeniently,
  StreamerCard,
} from "~/features/catalogue";
import { type BrowseCards, browseCards, catalogueRequest, getBrowsePage } from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import { trackEvent } from "~/features/tracking/index.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/browse";

export const meta = ({ loaderData }: Route.MetaArgs) => {
  const what = loaderData?.ok ? BROWSE_FILTER_LABELS[loaderData.query.filter].toLowerCase() : "";
  return [
    { title: `Browse ${what} | Noobrd` },
    {
      name: "description",
      content: `Browse ${what || "gigs, games, creators and live sessions"} on Noobrd: filter by game, platform, country and price, and book a seat with a streamer.`,
    },
  ];
};

/** /browse: the URL is the whole state (filter, selectedGame, filters, sortBy, searchField, page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Unknown or malformed values are left out (an old link still opens the page).
  const parsed = { value: parseBrowseQueryLeniently(url.searchParams) };
  const req = await catalogueRequest(request, context);
  const browsed = await settle(getBrowsePage(req.db, parsed.value, req.viewer?.id ?? null));
  // "Favourites only" needs a login: the page sends visitors to log in and back.
  if (!browsed.ok && browsed.error.status === 401) {
    throw redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  if (!browsed.ok) throw browsed.error;
  const page = browsed.value;
  const searched = parsed.value.searchField?.trim();
  if (searched && parsed.value.page === 1) {
    trackEvent(req.env, "search", req.viewer?.id ?? null, {
      query: searched.slice(0, 100),
      filter: page.list.filter,
      results: page.list.page.items.length,
    });
  }
  return {
    ok: true as const,
    query: parsed.value,
    list: browseCards(page.list),
    platforms: page.platforms,
    games: page.games,
    tags: page.tags,
    display: displayCurrency(req.currencyCode, page.usdInrRateMicros, page.usdInrFetchedAt),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type Loaded = Extract<LoaderData, { ok: true }>;

function pickPage<F extends BrowseCards["filter"]>(filter: F) {
  return (answer: unknown) => {
    const loaded = answer as Loaded | { ok: false };
    if (!loaded.ok || loaded.list.filter !== filter) return null;
    return loaded.list.page as Extract<BrowseCards, { filter: F }>["page"];
  };
}
const PICK = {
  gigs: pickPage("gigs"),
  games: pickPage("games"),
  streamers: pickPage("creators"),
  live: pickPage("live"),
};

const GRID = "grid gap-4 sm:grid-cols-2 xl:grid-cols-3";
const GRID_SMALL = "grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4";

function Results({ loaded, search }: { loaded: Loaded; search: string }) {
  const pageHref = (page: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(page));
    return `/browse?${params}`;
  };
  const { list, display } = loaded;
  if (list.page.items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-ink-700 p-10 text-center text-zinc-400">
        Nothing matches these filters.{" "}
        <Link to={`/browse?filter=${list.filter}`} className="text-brand-400 hover:text-brand-50">
          Reset the filters
        </Link>
      </p>
    );
  }
  switch (list.filter) {
    case "gigs":
      return (
        <InfiniteGrid
          key={search}
          first={list.page}
          pageHref={pageHref}
          pick={PICK.gigs}
          className={GRID}
          label="Gigs"
          render={(gig) => <GigCard gig={gig} display={display} />}
        />
      );
    case "games":
      return (
        <InfiniteGrid
          key={search}
          first={list.page}
          pageHref={pageHref}
          pick={PICK.games}
          className={GRID_SMALL}
          label="Games"
          render={(game) => <GameCard game={game} />}
        />
      );
    case "creators":
      return (
        <InfiniteGrid
          key={search}
          first={list.page}
          pageHref={pageHref}
          pick={PICK.streamers}
          className={GRID_SMALL}
          label="Creators"
          render={(streamer) => <StreamerCard streamer={streamer} />}
        />
      );
    case "live":
      return (
        <InfiniteGrid
          key={search}
          first={list.page}
          pageHref={pageHref}
          pick={PICK.live}
          className={GRID}
          label="Live sessions"
          render={(live) => <LiveCard live={live} display={display} />}
        />
      );
  }
}

/**
 * The page's own search field: a GET form (works without JavaScript) that keeps the tab and the filters and
 * starts again at the first page. A gig search also matches the streamer's name and handle, the game and tags.
 */
function BrowseSearch({ search, current }: { search: string; current: string }) {
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== "searchField" && name !== "page");
  return (
    <Form method="get" action="/browse" role="search" aria-label="Search this list" className="mt-6 flex gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="browse-search" className="sr-only">
        Search by title, streamer, game or tag
      </label>
      <input
        id="browse-search"
        name="searchField"
        type="search"
        defaultValue={current}
        key={current}
        placeholder="Search by title, streamer, game or tag"
        className="min-w-0 flex-1 rounded-xl border border-ink-700 bg-ink-900 px-4 py-2 text-base text-zinc-100 placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none"
      />
      <button type="submit" className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
        Search
      </button>
    </Form>
  );
}

export default function Browse({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { query, games } = loaderData;
  const selectedGame =
    "selectedGame" in query && query.selectedGame ? games.find((game) => game.id === query.selectedGame) : null;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            Browse {BROWSE_FILTER_LABELS[query.filter].toLowerCase()}
            {selectedGame ? <span className="text-brand-400"> · {selectedGame.name}</span> : null}
          </h1>
          <p className="mt-2 flex flex-wrap gap-2 text-sm text-zinc-400">
            {query.searchField ? (
              <Link
                to={browseHref(location.search, { searchField: null })}
                className="rounded-full bg-ink-800 px-3 py-1 hover:text-white"
                aria-label={`Clear the search for ${query.searchField}`}
              >
                Search: “{query.searchField}” ✕
              </Link>
            ) : null}
            {selectedGame ? (
              <Link
                to={browseHref(location.search, { selectedGame: null })}
                className="rounded-full bg-ink-800 px-3 py-1 hover:text-white"
                aria-label={`Clear the game ${selectedGame.name}`}
              >
                Game: {selectedGame.name} ✕
              </Link>
            ) : null}
          </p>
        </div>
        <BrowseTabs current={query.filter} search={location.search} />
      </div>
      <BrowseSearch search={location.search} current={query.searchField ?? ""} />
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside key={location.search}>
          {/* On a phone the filters fold behind a plain disclosure (no JavaScript needed); from lg up the
              disclosure's content always shows and its summary is hidden. */}
          <details className="group lg:[&::details-content]:block lg:[&::details-content]:[content-visibility:visible]">
            <summary className="mb-3 flex cursor-pointer list-none items-center justify-between rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-sm font-semibold lg:hidden">
              Filters and sort
              <span aria-hidden="true" className="text-zinc-400 group-open:rotate-180">
                ▾
              </span>
            </summary>
            <BrowseFilters state={query} platforms={loaderData.platforms} games={games} tags={loaderData.tags} />
          </details>
        </aside>
        <section aria-labelledby="results-title">
          {/* The cards' titles are h3: this h2 keeps the outline in order (h1, h2, h3). */}
          <h2 id="results-title" className="sr-only">
            Results
          </h2>
          <Results loaded={loaderData} search={location.search} />
        </section>
      </div>
    </main>
  );
}
