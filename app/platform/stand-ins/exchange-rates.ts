/**
 * The exchange-rate services' stand-in (development and tests: EXCHANGE_RATES_URL and EXCHANGE_RATES_FALLBACK_URL are
 * paths of this Worker, app/routes/dev/exchange-rates.ts), speaking both protocols of
 * app/platform/exchange-rates.server.ts. Loaded by that route outside production builds only.
 * `rate` overrides the default 84.25 INR per USD; the path "unavailable" answers 503 (a service that is down).
 */
export const STAND_IN_USD_INR = 84.25;

export function standInResponse(path: string, searchParams: URLSearchParams, now: Date): Response {
  const rateParam = Number(searchParams.get("rate"));
  const rate = Number.isFinite(rateParam) && rateParam > 0 ? rateParam : STAND_IN_USD_INR;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (path === "v6/latest/USD") {
    return Response.json({
      result: "success",
      provider: "noobrd local stand-in",
      base_code: "USD",
      time_last_update_unix: nowSeconds,
      time_next_update_unix: nowSeconds + 24 * 60 * 60,
      rates: { USD: 1, INR: rate },
    });
  }
  if (path === "currency-api/v1/currencies/usd.json") {
    return Response.json({ date: now.toISOString().slice(0, 10), usd: { usd: 1, inr: rate } });
  }
  if (path === "unavailable") return Response.json({ result: "error" }, { status: 503 });
  return Response.json({ result: "error", "error-type": "unsupported-code" }, { status: 404 });
}
