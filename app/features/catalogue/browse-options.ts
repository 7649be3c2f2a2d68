import { type GIG_SORTS, PAGE_SIZE } from "./constants";

/**
 * The browse page's choices and their labels, without Zod: the filter bar (a client component) imports
 * these, so the page does not ship the validation library (docs/decisions/017). The schemas are in ./schema.ts.
 */
export const BROWSE_FILTERS = ["gigs", "games", "creators", "live"] as const;
export type BrowseFilter = (typeof BROWSE_FILTERS)[number];

export const BROWSE_FILTER_LABELS: Record<BrowseFilter, string> = {
  gigs: "Gigs",
  games: "Games",
  creators: "Creators",
  live: "Live sessions",
};

export type GigSort = (typeof GIG_SORTS)[number];
/** Games and creators have no price: they sort by name, popularity or date. */
export const NAME_SORTS = ["alphabetically", "popularity", "date"] as const satisfies readonly GigSort[];

export const SORT_LABELS: Record<GigSort, string> = {
  alphabetically: "Alphabetically",
  popularity: "Popularity",
  lowToHigh: "Price: low to high",
  highToLow: "Price: high to low",
  date: "Newest",
  rating: "Top rated",
};

export const PAGE_LIMITS: Record<BrowseFilter, number> = {
  gigs: PAGE_SIZE.gigs,
  games: PAGE_SIZE.games,
  creators: PAGE_SIZE.streamers,
  live: PAGE_SIZE.gigs,
};
export const MAX_LIMIT = 50;
export const MAX_PAGE = 500;
export const MAX_TAGS = 10;

/** Android and iOS are one choice in the UI (docs/domain.md): either value selects both. */
const MERGED_PLATFORMS: Record<string, readonly string[]> = {
  android: ["android", "ios"],
  ios: ["android", "ios"],
};

export function platformKeys(value: string): readonly string[] {
  return MERGED_PLATFORMS[value] ?? [value];
}
