import { baseCurrencyFor } from "~/features/auth/countries";
import { type DisplayCurrency, USD_DISPLAY } from "~/lib/money";

/**
 * The viewer's country, by docs/domain.md and issue 4: the saved country of a logged-in user, else the
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

/** The display currency, given the stored USD->INR rate; without a stored rate prices stay in USD. */
export function displayCurrency(code: DisplayCurrency["code"], usdInrRateMicros: number | null): DisplayCurrency {
  if (code === "INR" && usdInrRateMicros && usdInrRateMicros > 0) return { code, rateMicros: usdInrRateMicros };
  return USD_DISPLAY;
}
