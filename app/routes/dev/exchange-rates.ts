import { data } from "react-router";
import { isProduction } from "~/platform/env.server";
import { envOf } from "~/platform/http.server";
import type { Route } from "./+types/exchange-rates";

/**
 * The local stand-in of the exchange-rate services (both protocols), used in development and tests through
 * EXCHANGE_RATES_URL / EXCHANGE_RATES_FALLBACK_URL (wrangler.toml). Absent in production: a production build folds
 * the import away (app/platform/stand-ins/exchange-rates.ts), and a production environment answers 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (import.meta.env.MODE !== "production" && !isProduction(envOf(context))) {
    const { standInResponse } = await import("~/platform/stand-ins/exchange-rates");
    return standInResponse(params["*"] ?? "", new URL(request.url).searchParams, new Date());
  }
  throw data("Not found", { status: 404 });
}
