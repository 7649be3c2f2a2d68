/**
 * Exchange rates (USD -> INR today).
 *
 * Storage choice: the rate is an INTEGER scaled by 1e6 ("micros"): 84.1 INR per USD is
 * 84_100_000. Money is never a float here, and six decimals are more than providers publish
 * for these pairs. Converting an amount is one integer expression with a single rounding
 * step (round half up), e.g. in SQL
 *   (amount_minor * rate_micros + 500000) / 1000000
 * or in JS with BigInt, since amount_minor * rate_micros passes 2^53 above about 1e8 minor
 * units (one million dollars). USD and INR both have two minor digits; a pair with different
 * exponents must also scale by 10^(exp_quote - exp_base).
 *
 * Invariants carried here: one current row per (base, quote) pair (UNIQUE, upserted when
 * refreshed); the rate is positive; codes are upper-case ISO 4217.
 */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { currencyCheck, id, timestamp } from "./columns";

export const RATE_SCALE = 1_000_000;

export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: id(),
    base: text("base").notNull(),
    quote: text("quote").notNull(),
    /** Units of `quote` per unit of `base`, times RATE_SCALE. */
    rateMicros: integer("rate_micros").notNull(),
    fetchedAt: timestamp("fetched_at").notNull(),
    nextUpdateAt: timestamp("next_update_at").notNull(),
    /** Where the rate came from, e.g. "exchangerate-api", "fallback". */
    source: text("source").notNull(),
  },
  (t) => [
    unique("exchange_rates_pair_unique").on(t.base, t.quote),
    currencyCheck("exchange_rates_base_check", t.base),
    currencyCheck("exchange_rates_quote_check", t.quote),
    check("exchange_rates_rate_check", sql`${t.rateMicros} > 0`),
    check("exchange_rates_next_update_check", sql`${t.nextUpdateAt} >= ${t.fetchedAt}`),
  ],
);

export type ExchangeRate = typeof exchangeRates.$inferSelect;
export type NewExchangeRate = typeof exchangeRates.$inferInsert;
