import { conversionRateApi } from "~/features/currency/api.server";
import type { Route } from "./+types/conversion-rate";

/** GET /api/v1/get-conversion-rate/usd-to-inr */
export function loader(args: Route.LoaderArgs) {
  return conversionRateApi(args);
}
