import { useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate } from "react-router";
import { SEARCH_DEBOUNCE_MS } from "~/features/search/constants";

type SuggestionJson = {
  _id: string;
  type: "game" | "gig" | "star";
  name: string;
  title: string;
  isLive: boolean;
  url: string;
};
type SuggestionsAnswer = { success: boolean; searchQuery: string; data: SuggestionJson[] };

const TYPE_LABELS: Record<SuggestionJson["type"], string> = { game: "Game", gig: "Gig", star: "Streamer" };
const SEARCH_LABEL = "Search games, gigs and streamers";

/**
 * The header search box. Without JavaScript it is a GET form to /browse (full results). With JavaScript it
 * also suggests games, gigs and streamers as the user types, 500 ms after the last keystroke (docs/domain.md
 * "Constants"), each labelled with its kind, live ones tagged LIVE and names cut to 20 characters; arrows and
 * Enter pick one. On a phone the box is a search icon (the field's label) until the field has focus; then the
 * field and its suggestions span the header's full width (app.css, `.header-search`): CSS only, no script.
 */
export function HeaderSearch({ mode }: { mode: "always" | "after-scroll" }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onBrowse = location.pathname === "/browse";
  const params = new URLSearchParams(location.search);
  const current = onBrowse ? (params.get("searchField") ?? "") : "";
  const filter = onBrowse ? params.get("filter") : null;

  const fetcher = useFetcher<SuggestionsAnswer>();
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const listId = useId();
  // Marks the box once React runs it (suggestions); until then it is a plain search form.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => setText(current), [current]);
  // A search sent or a page opened shows its results: the suggestions close rather than cover them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) closes them
  useEffect(() => setOpen(false), [location.key]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const suggestions = text.trim() && fetcher.data?.searchQuery === text.trim() ? fetcher.data.data : [];
  const expanded = open && suggestions.length > 0;

  function onType(value: string) {
    setText(value);
    setActive(-1);
    setOpen(true);
    if (timer.current) clearTimeout(timer.current);
    const query = value.trim();
    if ([...query].length < 2) return; // suggestions start at two characters (search.server.ts)
    timer.current = setTimeout(() => {
      fetcher.load(`/api/get/stars_gigs_search?searchQuery=${encodeURIComponent(query)}`);
    }, SEARCH_DEBOUNCE_MS);
  }

  function go(suggestion: SuggestionJson) {
    setOpen(false);
    navigate(suggestion.url);
  }

  return (
    <Form
      method="get"
      action="/browse"
      role="search"
      data-search-mode={mode}
      data-hydrated={hydrated ? "" : undefined}
      className="header-search relative flex w-full max-w-md items-center"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor="header-search" className="header-search-icon" title={SEARCH_LABEL}>
        <span className="sr-only">{SEARCH_LABEL}</span>
      </label>
      {filter ? <input type="hidden" name="filter" value={filter} /> : null}
      <input
        id="header-search"
        name="searchField"
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => onType(event.target.value)}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (!expanded) return;
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === "Escape") {
            setOpen(false);
          } else if (event.key === "Enter" && active >= 0) {
            const picked = suggestions[active];
            if (picked) {
              event.preventDefault();
              go(picked);
            }
          }
        }}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={SEARCH_LABEL}
        className="w-full rounded-full border border-ink-700 bg-ink-800 py-2 pr-4 pl-10 text-base text-zinc-100 placeholder:text-zinc-400 focus:border-brand-500 focus:outline-none md:text-sm"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-2 max-h-96 overflow-auto rounded-xl border border-ink-700 bg-ink-900 p-1 shadow-xl"
      >
        {suggestions.map((suggestion, index) => (
          <div
            key={`${suggestion.type}:${suggestion._id}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            title={suggestion.title}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(suggestion)}
            onKeyDown={(event) => {
              if (event.key === "Enter") go(suggestion);
            }}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-ink-800 aria-selected:bg-ink-800"
          >
            <span className="w-16 shrink-0 text-xs text-zinc-400">{TYPE_LABELS[suggestion.type]}</span>
            <span className="flex-1 truncate" title={suggestion.name}>
              {suggestion.name}
            </span>
            {suggestion.isLive ? (
              <span className="rounded bg-red-600 px-1.5 py-0.5 text-[10px] font-bold text-white">LIVE</span>
            ) : null}
          </div>
        ))}
      </div>
    </Form>
  );
}
