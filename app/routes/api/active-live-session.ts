import { activeLiveSession } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/livesessions/active/:id (the open live session of star :id) */
export const loader = catalogueLoader(undefined, (req, _, params) => activeLiveSession(req, params.id ?? ""));
