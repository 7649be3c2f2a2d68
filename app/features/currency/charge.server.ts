import { AppError } from "~/lib/errors";
import { type CurrencyCode, MAX_AMOUNT_MINOR, type Money, priceIn, RATE_SCALE } from "~/lib/money";
import type { Db } from "~/platform/db.server";
import { currencyCodeFor, displayCurrency } from "./currency";
import { usdInrRateQuery } from "./rate-query.server";

const RATE_UNAVAILABLE = "The exchange rate is not available yet. Please try again later.";
const CHARGE_TOO_LARGE = "This price is more than can be paid at once in your currency at today's rate.";

/** What an order is charged and records: the amount and currency the buyer was shown, and the USD rate of it. */
export type Charge = Money & { rateMicros: number };

/** The currency a buyer pays in and their wallet holds: INR for a saved country IN, USD otherwise. */
export function buyerCurrency(buyer: { country: string | null }): CurrencyCode {
  return currencyCodeFor(buyer.country);
}

/**
 * THE amount a buyer is charged for a list price (docs/decisions/020-prices-in-the-streamers-currency.md): the
 * price the pages show them (app/lib/money.ts `priceIn`, in the buyer's currency at the stored rate), with the
 * rate the order records so it counts in USD earnings and payouts. An order in rupees needs a stored rate: 503
 * while there has never been one.
 */
export async function chargeFor(db: Db, buyer: { country: string | null }, list: Money): Promise<Charge> {
  const [rate] = await usdInrRateQuery(db);
  return chargeAt(buyer, list, rate?.rateMicros ?? null);
}

function chargeAt(buyer: { country: string | null }, list: Money, usdInrMicros: number | null): Charge {
  const price = priceIn(list, displayCurrency(buyerCurrency(buyer), usdInrMicros));
  // Prices within their bounds always fit an order at a plausible rate (app/lib/price-bounds.ts); past it, or for
  // a price set before those bounds, the buyer is told rather than the order's write failing.
  if (price.amountMinor > MAX_AMOUNT_MINOR) throw new AppError(422, CHARGE_TOO_LARGE);
  if (price.currency === "USD") return { amountMinor: price.amountMinor, currency: "USD", rateMicros: RATE_SCALE };
  if (!usdInrMicros || usdInrMicros <= 0) throw new AppError(503, RATE_UNAVAILABLE);
  return { amountMinor: price.amountMinor, currency: price.currency, rateMicros: usdInrMicros };
}
