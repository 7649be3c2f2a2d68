import { gameById } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/game/:id */
export const loader = catalogueLoader(undefined, (req, _, params) => gameById(req, params.id ?? ""));
