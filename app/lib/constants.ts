/** Business constants of SPEC.md section 9, in one place. */
export const TOAST_DURATION_MS = 2000;
export const NOTIFICATION_TOAST_MS = 10_000;
export const FAVOURITE_DELAY_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 500;
export const LOCATION_CACHE_MS = 24 * 60 * 60 * 1000;

export const MIN_PRICE_USD_MINOR = 500;
export const MIN_PRICE_INR_MINOR = 10_000;
export const TITLE_MAX_LENGTH = 66;
export const READ_MORE_THRESHOLD = 300;
export const SEARCH_SUGGESTION_NAME_MAX = 20;
export const NOTIFICATION_TITLE_MAX = 40;
export const NOTIFICATION_TOAST_TITLE_MAX = 30;
export const SKELETON_ROWS = 5;

export const PAGE_SIZE = {
  stars: 21,
  games: 21,
  products: 15,
  sessions: 6,
  orders: 10,
  adminLists: 10,
  monthlyOrders: 15,
  latestOrders: 10,
  slotUsersPerLobbyPage: 4,
  joinedLiveQueue: 10,
  influencerSlots: 5,
} as const;

export const DEFAULT_PAYOUT_TAXES_BPS = {
  indirectTax: 1800,
  platformFeesIndirectTax: 1800,
  tds: 10,
} as const;

export const EARNINGS_WINDOWS_DAYS = [7, 30, 90] as const;

export const GIG_SORTS = ["alphabetically", "popularity", "lowToHigh", "highToLow", "date"] as const;

export const BANK_OPTIONS = ["SWIFT Code", "IBAN", "Routing Number", "Sort Code", "IFSC Code", "Bank Code"] as const;

/** Contact form: at most this many submissions per address per window. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

/** Auth rate limits, each applied per account (email) and per address (IP). */
export const AUTH_RATE_LIMITS = {
  login: { max: 10, windowMs: 15 * 60 * 1000 },
  code: { max: 10, windowMs: 15 * 60 * 1000 },
  resend: { max: 5, windowMs: 60 * 60 * 1000 },
  forgot: { max: 5, windowMs: 60 * 60 * 1000 },
  signup: { max: 10, windowMs: 60 * 60 * 1000 },
} as const;
