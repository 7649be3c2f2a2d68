import { liveSessionTagsOf } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/liveSessionTags/:id */
export const loader = catalogueLoader(undefined, (req, _, params) => liveSessionTagsOf(req, params.id ?? ""));
