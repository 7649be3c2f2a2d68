import type { RouterContextProvider } from "react-router";
import { RATE_SCALE } from "~/lib/money";
import { cloudflareContext } from "~/platform/context";
import { jsonError } from "~/platform/http.server";
import { getUsdInrRate, isRateDue, refreshUsdInrRate } from "./rates.server";

/**
 * GET /api/v1/get-conversion-rate/usd-to-inr: the stored rate and when it is due for a refresh. A due rate
 * is still answered (the last good one) and a refresh starts in the background; the cron does the same.
 */
export async function conversionRateApi({ context }: { context: Readonly<RouterContextProvider> }) {
  const { env, ctx } = context.get(cloudflareContext);
  const rate = await getUsdInrRate(env);
  if (isRateDue(rate, new Date())) {
    ctx.waitUntil(refreshUsdInrRate(env).catch((error: unknown) => console.error("exchange rate refresh", error)));
  }
  if (!rate) return jsonError(503, "The exchange rate is not available yet. Please try again later.");
  return Response.json({
    success: true,
    base: "USD",
    quote: "INR",
    exchangeRate: rate.rateMicros / RATE_SCALE,
    exchangeRateMicros: rate.rateMicros,
    timeNextUpdate: rate.nextUpdateAt.toISOString(),
    lastFetched: rate.fetchedAt.toISOString(),
    source: rate.source,
  });
}
