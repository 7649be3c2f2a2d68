import { liveSessionTagsOf } from "~/features/catalogue/reads.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get/liveSessionTags/:id */
export const loader = catalogueLoader(undefined, (req, _, params) => liveSessionTagsOf(req, params.id ?? ""));
