import type { CurrencyCode, Money } from "./money";

/**
 * THE bounds of a price a streamer sets (a gig's price, a live session's VIP price), in minor units of the
 * streamer's own currency, both ends allowed. The ONE place these numbers live: the gig and go-live schemas (the
 * page forms with JavaScript on and off, and the API), the use case that stores a price (`priceAsSet`,
 * app/features/gigs/gigs.server.ts) and migration 0019's triggers read them from here
 * (tests/integration/price-bounds.test.ts fails when the migration's numbers differ).
 *
 * Chosen so that every price that passes can be stored AND charged (docs/decisions/020): a price is charged in the
 * buyer's currency, converted at the stored rate and rounded up to a whole unit (`priceIn`), and an order's amount
 * is bounded by MAX_AMOUNT_MINOR (100,000.00 of a currency, migration 0012). ₹1,00,000 is at most $10,000 at any
 * rate the app accepts (app/platform/exchange-rates.server.ts takes 10 to 1000 rupees a dollar); $1,000 is at most
 * ₹1,00,000 while a dollar buys at most `PRICE_BOUNDS_RATE_LIMIT` rupees (~84-90 in 2026). Beyond that rate checkout
 * refuses such a price with a message (`chargeFor`), never a failed write. The minimums are the product's own
 * ("Price should be greater than $5", app/features/gigs/copy.ts).
 */
export const PRICE_BOUNDS_MINOR = {
  USD: { min: 500, max: 100_000 },
  INR: { min: 10_000, max: 10_000_000 },
} as const satisfies Record<CurrencyCode, { min: number; max: number }>;

/** The highest USD -> INR rate (rupees per dollar) at which the USD maximum still fits an order once converted. */
export const PRICE_BOUNDS_RATE_LIMIT = 100;

export type PriceBoundBreach = "below" | "above" | null;

/** Where a price stands against its currency's bounds: "below", "above", or null when it may be set. */
export function priceBoundBreach(price: Money): PriceBoundBreach {
  const bounds = PRICE_BOUNDS_MINOR[price.currency];
  if (price.amountMinor < bounds.min) return "below";
  if (price.amountMinor > bounds.max) return "above";
  return null;
}
