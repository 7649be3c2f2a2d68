import { modeById } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/gamemode/:id */
export const loader = catalogueLoader(undefined, (req, _, params) => modeById(req, params.id ?? ""));
