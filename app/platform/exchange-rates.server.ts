import { RATE_SCALE } from "~/lib/money";
import { isProduction } from "./env.server";

/**
 * Exchange-rate services (USD -> INR). Two protocols are spoken:
 * - "open-er-api" (open.er-api.com, ExchangeRate-API's open endpoint): GET .../v6/latest/USD answers
 *   `{ result: "success", base_code: "USD", time_next_update_unix, rates: { INR: 84.1, ... } }`;
 * - "currency-api" (fawazahmed0/exchange-api on a CDN): GET .../v1/currencies/usd.json answers
 *   `{ date: "2026-11-22", usd: { inr: 84.1, ... } }`, with no next-update time.
 *
 * Which services are used is a setting: EXCHANGE_RATES_URL (primary, open-er-api protocol) and
 * EXCHANGE_RATES_FALLBACK_URL (fallback, currency-api protocol). A URL that is a path ("/dev/...") is served
 * by this Worker itself through its own fetch handler: that is the local stand-in of development and tests
 * (app/routes/dev/exchange-rates.ts), which speaks both protocols. Production sets absolute URLs.
 */
type RateQuote = { rateMicros: number; nextUpdateAt: Date | null };

export interface ExchangeRateProvider {
  readonly name: string;
  usdToInr(): Promise<RateQuote>;
}

type Fetcher = (url: string) => Promise<Response>;

const TIMEOUT_MS = 5000;
/** A rate outside this range is a broken answer, not a market move. */
const SANE_USD_INR = { min: 10, max: 1000 };

/** Plain fetch for absolute URLs; the Worker's own handler for a path (the local stand-in). */
export function fetcherFor(url: string): Fetcher {
  if (url.startsWith("/")) {
    // Imported when first used, not with the module: the catalogue's queries reach this file, and the scale bench
    // (bench/catalogue.ts) loads them in Node, which has no `cloudflare:` modules.
    return async (target) => {
      const { exports } = await import("cloudflare:workers");
      return exports.default.fetch(
        new Request(new URL(target, "http://stand-in.internal"), { signal: AbortSignal.timeout(TIMEOUT_MS) }),
      );
    };
  }
  return (target) =>
    fetch(target, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { Accept: "application/json" } });
}

function toMicros(rate: unknown): number {
  if (typeof rate !== "number" || !Number.isFinite(rate) || rate < SANE_USD_INR.min || rate > SANE_USD_INR.max) {
    throw new Error(`implausible USD/INR rate: ${String(rate)}`);
  }
  return Math.round(rate * RATE_SCALE);
}

async function getJson(fetcher: Fetcher, url: string): Promise<Record<string, unknown>> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!body || typeof body !== "object") throw new Error(`${url} answered something other than a JSON object`);
  return body as Record<string, unknown>;
}

class OpenErApiProvider implements ExchangeRateProvider {
  readonly name = "open-er-api";
  constructor(
    private url: string,
    private fetcher: Fetcher = fetcherFor(url),
  ) {}

  async usdToInr(): Promise<RateQuote> {
    const body = await getJson(this.fetcher, this.url);
    if (body.result !== "success" || body.base_code !== "USD")
      throw new Error(`${this.name}: not a USD success answer`);
    const rates = body.rates as Record<string, unknown> | undefined;
    const next = body.time_next_update_unix;
    return {
      rateMicros: toMicros(rates?.INR),
      nextUpdateAt: typeof next === "number" && Number.isFinite(next) ? new Date(next * 1000) : null,
    };
  }
}

class CurrencyApiProvider implements ExchangeRateProvider {
  readonly name = "currency-api";
  constructor(
    private url: string,
    private fetcher: Fetcher = fetcherFor(url),
  ) {}

  async usdToInr(): Promise<RateQuote> {
    const body = await getJson(this.fetcher, this.url);
    const usd = body.usd as Record<string, unknown> | undefined;
    return { rateMicros: toMicros(usd?.inr), nextUpdateAt: null };
  }
}

/** The configured services, primary first. */
export function exchangeRateProviders(env: Env): ExchangeRateProvider[] {
  const primary = env.EXCHANGE_RATES_URL;
  const fallback = env.EXCHANGE_RATES_FALLBACK_URL;
  if (isProduction(env) && [primary, fallback].some((url) => url?.startsWith("/"))) {
    throw new Error(
      "Production needs absolute EXCHANGE_RATES_URL / EXCHANGE_RATES_FALLBACK_URL: the stand-in is for development",
    );
  }
  const providers: ExchangeRateProvider[] = [];
  if (primary) providers.push(new OpenErApiProvider(primary));
  if (fallback) providers.push(new CurrencyApiProvider(fallback));
  return providers;
}
