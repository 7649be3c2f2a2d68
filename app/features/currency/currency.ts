import { baseCurrencyFor } from "~/features/currency/countries";
import { type DisplayCurrency, USD_DISPLAY } from "~/lib/money";

/**
 * The viewer's country (docs/domain.md, "Constants": base currency): the saved country of a logged-in user, else the
 * country Cloudflare reports for the request (`request.cf.country`), else none (USD).
 */
export function viewerCountry(savedCountry: string | null | undefined, cfCountry: unknown): string | null {
  if (savedCountry) return savedCountry;
  return typeof cfCountry === "string" && /^[A-Z]{2}$/.test(cfCountry) ? cfCountry : null;
}

/** INR for country IN, USD otherwise. */
export function currencyCodeFor(country: string | null): DisplayCurrency["code"] {
  return baseCurrencyFor(country);
}

/**
 * The viewer's currency with the stored USD->INR rate (and when it was fetched, shown beside a converted price).
 * Without a stored rate a price is shown and charged in its streamer's own currency (app/lib/money.ts `priceIn`).
 */
export function displayCurrency(
  code: DisplayCurrency["code"],
  usdInrRateMicros: number | null | undefined,
  fetchedAt?: Date | number | null,
): DisplayCurrency {
  if (!usdInrRateMicros || usdInrRateMicros <= 0) return { ...USD_DISPLAY, code };
  const at = fetchedAt == null ? null : new Date(fetchedAt).getTime();
  return { code, usdInrMicros: usdInrRateMicros, rateFetchedAt: at };
}
