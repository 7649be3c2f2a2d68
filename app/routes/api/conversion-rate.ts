import { currentUsdInrRate } from "~/features/currency/index.server";
import { RATE_SCALE } from "~/lib/money";
import { cloudflareContext } from "~/platform/context";
import { jsonLoader } from "./_lib/json-action.server";

/** GET /api/v1/get-conversion-rate/usd-to-inr: the stored rate and when it is due for a refresh. */
export const loader = jsonLoader({}, async ({ env, context }) => {
  const { ctx } = context.get(cloudflareContext);
  const rate = await currentUsdInrRate(env, (work) => ctx.waitUntil(work));
  return {
    base: "USD",
    quote: "INR",
    exchangeRate: rate.rateMicros / RATE_SCALE,
    exchangeRateMicros: rate.rateMicros,
    timeNextUpdate: rate.nextUpdateAt.toISOString(),
    lastFetched: rate.fetchedAt.toISOString(),
    source: rate.source,
  };
});
