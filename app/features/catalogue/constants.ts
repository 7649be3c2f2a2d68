/** docs/domain.md: list page sizes of the catalogue. */
export const PAGE_SIZE = {
  streamers: 21,
  games: 21,
  gigs: 15,
  sessions: 6,
  joinedLiveQueue: 10,
} as const;

export const GIG_SORTS = ["alphabetically", "popularity", "lowToHigh", "highToLow", "date", "rating"] as const;

/** docs/domain.md: a description longer than this is cut with "Read more". */
export const READ_MORE_THRESHOLD = 300;
