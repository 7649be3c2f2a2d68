import { hashTags } from "~/features/catalogue/index.server";
import { catalogueLoader } from "./_lib/catalogue-loader.server";

/** GET /api/get-hash-tags */
export const loader = catalogueLoader(undefined, hashTags);
