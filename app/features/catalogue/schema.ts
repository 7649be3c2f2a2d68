import { GIG_SORTS } from "~/features/catalogue/constants";
import { paramsObject } from "~/lib/validation";
import { z } from "~/lib/zod";
import { PROFESSIONS } from "~db/schema/constants";

/**
 * Browse inputs, shared by the /browse page (its URL is the whole state) and the JSON API (docs/domain.md
 * "The API contract": GigsForScroll, GamesForScroll, CreatorsForScroll, Paginated*). The parameter names are the
 * API's. 'Any' (and an empty value) means the filter is left out.
 */
import {
  BROWSE_FILTERS,
  type BrowseFilter,
  MAX_LIMIT,
  MAX_PAGE,
  MAX_TAGS,
  NAME_SORTS,
  PAGE_LIMITS,
} from "./browse-options";

export {
  type BrowseFilter,
  type GigSort,
  NAME_SORTS,
  platformKeys,
} from "./browse-options";

const omitAny = (value: unknown) => (value === "" || value === "Any" || value === "any" ? undefined : value);

const flag = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "" || value === "Any") return false;
    if (value === true || value === "true" || value === "1" || value === "on") return true;
    if (value === false || value === "false" || value === "0" || value === "off") return false;
    return value;
  },
  z.boolean({ error: "must be true or false" }),
);

const text = (max: number, what: string) =>
  z.preprocess(omitAny, z.string().trim().max(max, `${what} must be at most ${max} characters`).optional());

/** The shape of every id the catalogue hands out; anything else names nothing (a 404, never a parse error). */
const CATALOGUE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isCatalogueId(value: string | undefined): value is string {
  return typeof value === "string" && CATALOGUE_ID.test(value);
}

const id = (what: string) =>
  z.preprocess(omitAny, z.string().trim().regex(CATALOGUE_ID, `${what} is not a valid id`).optional());

const tags = z.preprocess(
  (value) => {
    const list = (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
      .flatMap((item) => String(item).split(","))
      .map((tag) => tag.trim())
      .filter((tag) => tag && tag !== "Any");
    return [...new Set(list)];
  },
  z.array(z.string().max(40, "a tag is at most 40 characters")).max(MAX_TAGS, `at most ${MAX_TAGS} tags`),
);

const page = z.preprocess(
  omitAny,
  z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(MAX_PAGE, `page is at most ${MAX_PAGE}`)
    .default(1),
);

const limit = z.preprocess(
  omitAny,
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit is at least 1")
    .max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}`)
    .optional(),
);

const country = z.preprocess(
  omitAny,
  z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "country must be a two-letter country code")
    .transform((value) => value.toUpperCase())
    .optional(),
);

const profession = z.preprocess(
  omitAny,
  z.enum(PROFESSIONS, { error: `profession must be one of ${PROFESSIONS.join(", ")}` }).optional(),
);

const platform = z.preprocess(
  (value) => (typeof value === "string" ? omitAny(value.trim().toLowerCase()) : omitAny(value)),
  z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "platform is not a valid platform name")
    .optional(),
);

const gigSort = z.preprocess(
  omitAny,
  z.enum(GIG_SORTS, { error: `sortBy must be one of ${GIG_SORTS.join(", ")}` }).optional(),
);
const nameSort = z.preprocess(
  omitAny,
  z.enum(NAME_SORTS, { error: `sortBy must be one of ${NAME_SORTS.join(", ")}` }).optional(),
);

const common = { page, limit, searchField: text(100, "searchField"), isFavClicked: flag };

export const gigsQuerySchema = z.object({
  ...common,
  country,
  profession,
  platform,
  isLiveClicked: flag,
  sortBy: gigSort,
  selectedGame: id("selectedGame"),
  selectedTags: tags,
});

export const gamesQuerySchema = z.object({ ...common, platform, sortBy: nameSort });

export const streamersQuerySchema = z.object({
  ...common,
  country,
  profession,
  isLiveClicked: flag,
  sortBy: nameSort,
  selectedTags: tags,
});

export const liveQuerySchema = z.object({
  ...common,
  country,
  profession,
  platform,
  sortBy: gigSort,
  selectedGame: id("selectedGame"),
  selectedTags: tags,
});

export type GigsQuery = z.infer<typeof gigsQuerySchema>;
export type GamesQuery = z.infer<typeof gamesQuerySchema>;
export type StreamersQuery = z.infer<typeof streamersQuerySchema>;
export type LiveQuery = z.infer<typeof liveQuerySchema>;

export type BrowseQuery =
  | ({ filter: "gigs" } & GigsQuery)
  | ({ filter: "games" } & GamesQuery)
  | ({ filter: "creators" } & StreamersQuery)
  | ({ filter: "live" } & LiveQuery);

const SCHEMAS = {
  gigs: gigsQuerySchema,
  games: gamesQuerySchema,
  creators: streamersQuerySchema,
  live: liveQuerySchema,
} as const;

/**
 * The browse PAGE's reading of its URL: a value it does not know (an old link's `?filter=stars`, a hand-edited
 * `?page=abc`) is left out rather than answered with an error page; the API keeps `parseBrowseQuery`'s 400s.
 */
export function parseBrowseQueryLeniently(params: URLSearchParams): BrowseQuery {
  const known = new URLSearchParams(params);
  const filter = omitAny(known.get("filter") ?? undefined) ?? "gigs";
  const kind = ((BROWSE_FILTERS as readonly unknown[]).includes(filter) ? filter : "gigs") as BrowseFilter;
  known.delete("filter");
  for (let attempt = 0; attempt < 10; attempt++) {
    const parsed = SCHEMAS[kind].safeParse(paramsObject(known));
    if (parsed.success) return { filter: kind, ...parsed.data } as BrowseQuery;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")));
    if (bad.size === 0 || [...bad].every((key) => !known.has(key))) break;
    for (const key of bad) known.delete(key);
  }
  return { filter: kind, ...SCHEMAS[kind].parse({}) } as BrowseQuery;
}

/** The effective page size of a list. */
export function pageLimit(filter: BrowseFilter, limitParam: number | undefined): number {
  return limitParam ?? PAGE_LIMITS[filter];
}

/** Session lists of a star (upcoming and past), docs/domain.md: page, limit, sortOption. */
export const sessionsQuerySchema = z.object({
  page,
  limit,
  sortOption: z.preprocess(omitAny, z.enum(["asc", "desc"], { error: "sortOption must be asc or desc" }).optional()),
});

export type SessionsQuery = z.infer<typeof sessionsQuerySchema>;

export const searchQuerySchema = z.object({
  searchQuery: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z.string().max(100, "searchQuery must be at most 100 characters"),
  ),
});

/** /star/:id pages its two session lists separately. */
export const streamerPagesSchema = z.object({ upcomingPage: page, pastPage: page });

/** /game/:id pages its gigs. */
export const gamePageSchema = z.object({ page });
