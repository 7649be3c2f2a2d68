import { data } from "react-router";
import { isProduction } from "~/platform/env.server";
import { standInResponse } from "~/platform/exchange-rates.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/exchange-rates";

/**
 * The local stand-in of the exchange-rate services (both protocols), used in development and tests through
 * EXCHANGE_RATES_URL / EXCHANGE_RATES_FALLBACK_URL (wrangler.toml). Absent in production.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  if (isProduction(envOf(context))) throw data("Not found", { status: 404 });
  return standInResponse(params["*"] ?? "", new URL(request.url).searchParams, new Date());
}
