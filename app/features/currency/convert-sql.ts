import { type SQL, sql } from "drizzle-orm";

/**
 * The SQL twins of app/lib/money-math.ts `toUsdMinor`, for sums the database does (earnings, the staff dashboard) and for
 * the wallet's conversion (docs/decisions/020-prices-in-the-streamers-currency.md). `rateMicros` is units of the other
 * currency per USD, times RATE_SCALE (1,000,000); both round half up to the minor unit, once.
 */
export function toUsdSql(minor: SQL, rateMicros: SQL): SQL<number> {
  return sql<number>`((${minor} * 1000000 + ${rateMicros} / 2) / ${rateMicros})`;
}

export function fromUsdSql(usdMinor: SQL, rateMicros: SQL): SQL<number> {
  return sql<number>`((${usdMinor} * ${rateMicros} + 500000) / 1000000)`;
}
