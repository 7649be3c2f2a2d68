import { Form, Link, useSubmit } from "react-router";
import { GIG_SORTS } from "~/features/catalogue/constants";
import { countryOptions } from "~/features/currency";
import { PROFESSIONS } from "~db/schema/constants";
import { BROWSE_FILTER_LABELS, BROWSE_FILTERS, type BrowseFilter, NAME_SORTS, SORT_LABELS } from "../browse-options";

/** Which filters each list has (docs/domain.md: GigsForScroll, GamesForScroll, CreatorsForScroll). */
const FIELDS: Record<BrowseFilter, ReadonlySet<string>> = {
  gigs: new Set(["game", "platform", "country", "profession", "tags", "live", "favourites"]),
  games: new Set(["platform", "favourites"]),
  creators: new Set(["country", "profession", "tags", "live", "favourites"]),
  live: new Set(["game", "platform", "country", "profession", "tags", "favourites"]),
};

/** Parameters a list keeps when the visitor switches to another list. */
const KEPT_ACROSS_TABS = ["searchField", "selectedGame"];

export type BrowseState = {
  filter: BrowseFilter;
  searchField?: string;
  selectedGame?: string;
  platform?: string;
  country?: string;
  profession?: string;
  selectedTags?: string[];
  isLiveClicked?: boolean;
  isFavClicked: boolean;
  sortBy?: string;
};

/**
 * The form's values without the filters left at 'Any' or empty, so the URL (with JavaScript) names only the
 * filters in use. Without JavaScript the browser sends them all, which means the same.
 */
function cleanParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "" && value !== "Any") params.append(key, value.trim());
  }
  return params;
}

/** /browse with the given parameters changed (null removes one); the page always starts again at 1. */
export function browseHref(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `/browse?${query}` : "/browse";
}

export function BrowseTabs({ current, search }: { current: BrowseFilter; search: string }) {
  const params = new URLSearchParams(search);
  return (
    <nav aria-label="What to browse" className="flex flex-wrap gap-2">
      {BROWSE_FILTERS.map((filter) => {
        const kept = new URLSearchParams();
        for (const key of KEPT_ACROSS_TABS) {
          const value = params.get(key);
          if (value && (key !== "selectedGame" || FIELDS[filter].has("game"))) kept.set(key, value);
        }
        kept.set("filter", filter);
        return (
          <Link
            key={filter}
            to={`/browse?${kept}`}
            aria-current={filter === current ? "page" : undefined}
            className="rounded-full border border-ink-700 px-4 py-1.5 text-sm hover:bg-ink-800 aria-[current=page]:border-brand-500 aria-[current=page]:bg-brand-600 aria-[current=page]:font-semibold"
          >
            {BROWSE_FILTER_LABELS[filter]}
          </Link>
        );
      })}
    </nav>
  );
}

const selectClass =
  "w-full rounded-md border border-ink-700 bg-ink-800 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none";

function Select({
  label,
  name,
  value,
  options,
  anyLabel = "Any",
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  /** The choice that leaves the filter out (sent as 'Any'). */
  anyLabel?: string;
}) {
  const id = `filter-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? "Any"} className={selectClass}>
        <option value="Any">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check({ label, name, checked }: { label: string; name: string; checked: boolean | undefined }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value="true" defaultChecked={!!checked} className="h-4 w-4 accent-brand-500" />
      {label}
    </label>
  );
}

/**
 * The filter form: a GET form to /browse, so the URL is the whole state (shareable, reloadable) and it works
 * without JavaScript. With JavaScript, changing a choice applies it at once.
 */
export function BrowseFilters({
  state,
  platforms,
  games,
  tags,
}: {
  state: BrowseState;
  platforms: { key: string; name: string }[];
  games: { id: string; name: string }[];
  tags: string[];
}) {
  const submit = useSubmit();
  const fields = FIELDS[state.filter];
  const sorts = state.filter === "games" || state.filter === "creators" ? NAME_SORTS : GIG_SORTS;
  return (
    <Form
      method="get"
      action="/browse"
      aria-label="Filters"
      className="flex flex-col gap-4 rounded-xl border border-ink-700 bg-ink-900 p-4"
      onChange={(event) => {
        const target = event.target;
        if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "checkbox")) {
          submit(cleanParams(event.currentTarget), { method: "get", action: "/browse", preventScrollReset: true });
        }
      }}
      onSubmit={(event) => {
        event.preventDefault();
        submit(cleanParams(event.currentTarget), { method: "get", action: "/browse" });
      }}
    >
      <input type="hidden" name="filter" value={state.filter} />
      {state.searchField ? <input type="hidden" name="searchField" value={state.searchField} /> : null}
      <Select
        label="Sort by"
        name="sortBy"
        value={state.sortBy}
        anyLabel={state.searchField ? "Best match" : "Recommended"}
        options={sorts.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      />
      {fields.has("game") ? (
        <Select
          label="Game"
          name="selectedGame"
          value={state.selectedGame}
          options={games.map((game) => ({ value: game.id, label: game.name }))}
        />
      ) : null}
      {fields.has("platform") ? (
        <Select
          label="Platform"
          name="platform"
          value={state.platform === "ios" ? "android" : state.platform}
          options={platforms.map((platform) => ({ value: platform.key, label: platform.name }))}
        />
      ) : null}
      {fields.has("country") ? (
        <Select
          label="Country"
          name="country"
          value={state.country}
          options={countryOptions().map((country) => ({ value: country.code, label: country.name }))}
        />
      ) : null}
      {fields.has("profession") ? (
        <Select
          label="Profession"
          name="profession"
          value={state.profession}
          options={PROFESSIONS.map((profession) => ({ value: profession, label: profession }))}
        />
      ) : null}
      {fields.has("tags") ? (
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-tags" className="text-xs font-medium tracking-wide text-zinc-400 uppercase">
            Tags
          </label>
          <input
            id="filter-tags"
            name="selectedTags"
            defaultValue={state.selectedTags?.join(", ") ?? ""}
            placeholder="e.g. ranked, duo"
            aria-describedby="filter-tags-hint"
            className={selectClass}
          />
          <p id="filter-tags-hint" className="text-xs text-zinc-400">
            Comma-separated; results carry every tag.
          </p>
          {tags.length > 0 ? (
            <p className="flex flex-wrap gap-1 text-xs">
              {tags.map((tag) => (
                <Link
                  key={tag}
                  to={browseHref(`filter=${state.filter}`, { selectedTags: tag })}
                  className="rounded bg-ink-800 px-1.5 py-0.5 text-zinc-300 hover:text-white"
                >
                  #{tag}
                </Link>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
      {fields.has("live") ? <Check label="Live only" name="isLiveClicked" checked={state.isLiveClicked} /> : null}
      {fields.has("favourites") ? (
        <Check label="Favourites only" name="isFavClicked" checked={state.isFavClicked} />
      ) : null}
      <div className="flex items-center gap-3">
        <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold hover:bg-brand-500">
          Apply filters
        </button>
        <Link to={`/browse?filter=${state.filter}`} className="text-sm text-zinc-400 hover:text-white">
          Reset
        </Link>
      </div>
    </Form>
  );
}
