import { and, eq } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { exchangeRates } from "~db/schema";

/** The stored USD -> INR rate, as a query a page can put in its batch. */
export function usdInrRateQuery(db: Db) {
  return db
    .select({
      rateMicros: exchangeRates.rateMicros,
      fetchedAt: exchangeRates.fetchedAt,
      nextUpdateAt: exchangeRates.nextUpdateAt,
      source: exchangeRates.source,
    })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.base, "USD"), eq(exchangeRates.quote, "INR")))
    .limit(1);
}

export type StoredRate = Awaited<ReturnType<typeof usdInrRateQuery>>[number];
